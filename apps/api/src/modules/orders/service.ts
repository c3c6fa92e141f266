/**
 * The orders module's public face: the only way other modules, jobs and the web layer read or change an
 * order (docs/architecture.md "Layers and modules"). Placement, the customer's reads, the admin queue,
 * every status move (staff, payments, the 16:00 sweep), the due time and the order code all live in this
 * folder; only its repositories touch the order tables.
 */
export { placeOrder, type PlaceOrderOptions } from './placement.js';
export { countOrders, getOrder, linesByOrder, linesOfOrder, toOrder } from './reads.js';
export {
  changeOrderStatus,
  dashboard,
  getOrderDetail,
  getOrderRow,
  markRefundDone,
  refundsDueOfOrders,
  bankOrderDayFigures,
  ordersPlacedBetween,
  revealOrderPassword,
} from './admin.js';
export {
  announceAtRiskOrders,
  findOverdueOrderIds,
  isUnpaidBankOrder,
  lockOrderByCode,
  payLockedOrder,
  receivePayingTransfer,
  refundOwed,
  verifyLockedPayment,
  type Payment,
  settleOverdueOrder,
  type LockedOrder,
} from './lifecycle.js';
/** The audit action of a refund staff sent (the day report sums its amounts). */
export const ORDER_REFUND_DONE = 'order.refund_done';
export { resealOrderPasswords, type ResealResult } from './reseal.js';
export { orderCodeOf, orderCountOf, orderIdsWithCodeLike, pendingCoinsOf } from './read-models.js';
export { ORDER_CODE_PATTERN, ORDER_CODE_PREFIX, newOrderCode } from './order-code.js';
export { dueAtFor } from './due-at.js';
export { KEPT_COIN_TOTALS_BYTES, createCustomerPages, readEveryPage, type CustomerPages } from './page-cache.js';
export { createPlacementBatches, type PlacementBatches } from './placement-batches.js';
export { createPayingBatches, type PayingBatches } from './paying-batches.js';
