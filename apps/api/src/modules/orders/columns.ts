/**
 * What the customer may see of an order: no game password, no idempotency data. The customer's order
 * calls select exactly these; the admin console selects them and more (admin-repository.ts).
 */
import { orders } from '../../db/schema.js';

export const customerOrderColumns = {
  id: orders.id,
  code: orders.code,
  status: orders.status,
  payMethod: orders.payMethod,
  payQrCode: orders.payQrCode,
  platformId: orders.platformId,
  platformName: orders.platformName,
  totalPriceVnd: orders.totalPriceVnd,
  totalCoin: orders.totalCoin,
  totalGiftCoin: orders.totalGiftCoin,
  bankName: orders.bankName,
  contact: orders.contact,
  account: orders.account,
  server: orders.server,
  uid: orders.uid,
  comment: orders.comment,
  resultComment: orders.resultComment,
  resultPicture: orders.resultPicture,
  createdAt: orders.createdAt,
  dueAt: orders.dueAt,
};
