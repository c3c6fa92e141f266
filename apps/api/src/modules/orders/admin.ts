/**
 * The admin console's orders: the queue, an order's detail and history, the audited password reveal,
 * the dashboard. Status moves and refunds are asked of the lifecycle (lifecycle.ts), which owns them.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  LIST_COUNT_CAP,
  ORDER_STATUS,
  ORDER_STATUS_ALL,
  REFUND_STATUS,
  shopDay,
  isFinalStatus,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderRow,
  type AdminRevealPassword,
  type adminOrderListQuery,
  type adminOrderPatch,
} from '@lucky/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../db/audit.js';
import { ORDER_AUDIT as LIFECYCLE_AUDIT, markRefundDone as refundDone, moveOrderByStaff, refundOwed } from './lifecycle.js';
import { linesOfOrder, toOrder } from './reads.js';
import type { PlacedLine } from './repository.js';
import * as repo from './admin-repository.js';

export { AT_RISK_WINDOW_MS } from './conditions.js';

/** Audit actions written here; the history an admin sees leaves out password reveals. */
export const ORDER_AUDIT = { ...LIFECYCLE_AUDIT, REVEAL_PASSWORD: 'order.reveal_password' } as const;

type AdminOrderPatch = z.output<typeof adminOrderPatch>;
type AdminOrderListQuery = z.output<typeof adminOrderListQuery>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A queue row as the console reads it; written out field by field, as it runs for every row of every page. */
function toRow(row: repo.AdminOrderRow, lines: readonly PlacedLine[]): AdminOrderRow {
  const order = toOrder(row, lines);
  return {
    id: order.id,
    code: order.code,
    status: order.status,
    pay_method: order.pay_method,
    pay_qr_code: order.pay_qr_code,
    platform_id: order.platform_id,
    platform_name: order.platform_name,
    stores: order.stores,
    total_price: order.total_price,
    total_coin: order.total_coin,
    total_gift_coin: order.total_gift_coin,
    order_bank_name: order.order_bank_name,
    order_contact: order.order_contact,
    order_account: order.order_account,
    order_server: order.order_server,
    order_uid: order.order_uid,
    order_comment: order.order_comment,
    result_comment: order.result_comment,
    result_picture: order.result_picture,
    created_at: order.created_at,
    due_at: order.due_at,
    user_id: row.userId,
    customer_email: row.customerEmail,
    customer_name: row.customerName,
    paid_at: iso(row.paidAt),
    finished_at: iso(row.finishedAt),
    updated_at: row.updatedAt.toISOString(),
    refund_status: row.refundStatus === REFUND_STATUS.DUE || row.refundStatus === REFUND_STATUS.DONE ? row.refundStatus : null,
    at_risk: row.atRisk,
    received_vnd: row.receivedVnd,
    refund_vnd: refundOwed(row),
    payment_unverified: row.unverifiedVnd > 0,
  };
}

/** What an order code may look like: letters and digits only (codes are compared upper-case). */
const CODE_LIKE = /^[0-9A-Za-z]+$/;

/**
 * A page of the queue and how many orders match: the response body as PostgreSQL writes it
 * (admin-repository.ts listOrdersBody), in the shape of `AdminOrderList`.
 */
export async function listOrdersBody(db: Db, query: AdminOrderListQuery, now: Date = new Date()): Promise<string> {
  const q = query.q?.trim() || null;
  const filter: repo.OrderFilter = {
    status: query.status === undefined || query.status === ORDER_STATUS_ALL ? null : query.status,
    payMethod: query.pay_method ?? null,
    platformId: query.platform_id ?? null,
    atRiskAt: query.at_risk ? now : null,
  };
  const page = { limit: query.limit, offset: (query.page - 1) * query.limit };
  // One statement gives the page, its lines and the capped total, a page past the last included.
  const read = (search: repo.OrderFilter) => repo.listOrdersBody(db, search, page, now, LIST_COUNT_CAP);
  // Staff often paste a whole code (from a bank memo, a customer's message): it names one order, found by
  // the unique index on the code before any "contains" search. No other order's code contains a whole
  // code (they are all alike in length), so the answer is that order (if it passes the other filters).
  const exactId = q && CODE_LIKE.test(q) ? await repo.findOrderIdByCode(db, q) : null;
  if (exactId) return read({ ...filter, orderId: exactId });
  return read(q ? { ...filter, keyword: await repo.matchKeyword(db, q) } : filter);
}

/** One order as a queue row (live events, alerts, the answer to a staff action); undefined when there is none. */
export async function getOrderRow(db: Db, orderId: string, now: Date = new Date()): Promise<AdminOrderRow | undefined> {
  const row = await repo.findOrder(db, orderId, now);
  if (!row) return undefined;
  const { hasPassword: _hasPassword, ...order } = row;
  return toRow(order, await linesOfOrder(db, orderId));
}

function statusOf(value: unknown): number | null {
  if (value && typeof value === 'object' && 'status' in value && typeof value.status === 'number') return value.status;
  return null;
}

/**
 * Everything the customer entered and the order's history. The game password is not in it (only
 * whether there is one): it comes from `revealOrderPassword`, so looking at an order is not a reveal.
 */
export async function getOrderDetail(ctx: AppContext, orderId: string, now: Date = new Date()): Promise<AdminOrderDetail> {
  const row = await repo.findOrder(ctx.db, orderId, now);
  if (!row) throw notFound(API_MESSAGES.orderNotFound);
  const [lines, history] = await Promise.all([
    linesOfOrder(ctx.db, orderId),
    repo.findOrderHistory(ctx.db, orderId, [ORDER_AUDIT.REVEAL_PASSWORD]),
  ]);
  const { hasPassword, ...order } = row;
  return {
    ...toRow(order, lines),
    has_password: hasPassword,
    history: history.map((entry) => ({
      action: entry.action,
      actor_id: entry.actorId,
      actor_email: entry.actorEmail,
      from_status: statusOf(entry.before),
      to_status: statusOf(entry.after),
      reason: entry.reason,
      created_at: entry.createdAt.toISOString(),
    })),
  };
}

/**
 * POST …/admin/order/{id}/reveal-password: the game password decrypted, null when none is stored
 * (not needed, or erased at 2/3). Every call writes one 'order.reveal_password' audit row (who, which
 * order — never the password), in the same transaction that reads the secret.
 */
export async function revealOrderPassword(ctx: AppContext, actorId: string, orderId: string): Promise<AdminRevealPassword> {
  const sealed = await ctx.db.transaction(async (tx) => {
    const found = await repo.findPassword(tx, orderId);
    if (!found) throw notFound(API_MESSAGES.orderNotFound);
    await writeAudit(tx, {
      actorId,
      action: ORDER_AUDIT.REVEAL_PASSWORD,
      entity: 'order',
      entityId: orderId,
      after: { has_password: found.passEncrypted !== null },
    });
    return found.passEncrypted;
  });
  if (sealed === null) return { order_pass: null };
  try {
    // Bound to the order id: a ciphertext copied from another order does not open.
    return { order_pass: ctx.secretBox.open(sealed, orderId) };
  } catch (error) {
    // A changed SECRET_KEY (without the old one in SECRET_KEY_PREVIOUS) makes old passwords unreadable:
    // say so in Vietnamese, log no secret.
    ctx.log.warn({ err: error, orderId }, 'could not decrypt an order password');
    throw new AppError(ERROR_CODES.INTERNAL, API_MESSAGES.passwordUnreadable, 500);
  }
}

async function requireFiles(db: Db, ids: string[]): Promise<void> {
  const found = await repo.existingFileIds(db, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(API_MESSAGES.pictureNotFound, { result_picture: API_MESSAGES.pictureNotFound });
}

/** PATCH /order/api/v1/admin/order/{id}: checks what staff sent, then asks the lifecycle for the move. */
export async function changeOrderStatus(
  ctx: AppContext,
  actorId: string,
  orderId: string,
  input: AdminOrderPatch,
  now: Date = new Date(),
): Promise<AdminOrderRow> {
  // A rejection's reply to the customer is its reason when no separate reason is given.
  const reason = input.reason || (input.status === ORDER_STATUS.REJECTED ? (input.result_comment ?? '') : '');
  if (input.status === ORDER_STATUS.REJECTED && reason === '') {
    throw badRequest(API_MESSAGES.rejectReasonRequired, { reason: API_MESSAGES.rejectReasonRequired });
  }
  const sendsResult = input.result_comment !== undefined || input.result_picture !== undefined;
  if (sendsResult && !isFinalStatus(input.status)) throw badRequest(API_MESSAGES.resultOnlyWhenFinished);
  const pictures = input.result_picture ? [...new Set(input.result_picture)] : undefined;
  if (pictures) await requireFiles(ctx.db, pictures);

  await moveOrderByStaff(
    ctx,
    orderId,
    {
      to: input.status,
      actorId,
      reason,
      resultComment: input.result_comment,
      resultPicture: pictures,
      expectedStatus: input.expected_status,
      manualPayment: input.received_vnd === undefined ? undefined : { amountVnd: input.received_vnd, reference: input.bank_reference ?? '' },
    },
    now,
  );
  return (await getOrderRow(ctx.db, orderId, now))!;
}

/** Staff transferred the money of a rejected paid bank order back: refund 'due' → 'done'. */
export async function markRefundDone(ctx: AppContext, actorId: string, orderId: string, note: string, now: Date = new Date()): Promise<AdminOrderRow> {
  await refundDone(ctx, actorId, orderId, note, now);
  return (await getOrderRow(ctx.db, orderId, now))!;
}

// ---------- dashboard ----------

/**
 * Today's figures. The day's counts, revenue and coins come from shop_day_figures (kept by triggers,
 * migration 0005), so the dashboard reads a few rows whatever the day's volume; orders at risk and refunds
 * owed are read from small partial indexes (decision 0013).
 */
export async function dashboard(db: Db, now: Date = new Date()): Promise<AdminDashboard> {
  const day = shopDay(now);
  const figures = await repo.dashboardFigures(db, day.date, now);
  const orders = { pending: figures.pending, processing: figures.processing, completed: figures.completed, rejected: figures.rejected };
  return {
    date: day.date,
    orders_today: { total: orders.pending + orders.processing + orders.completed + orders.rejected, ...orders },
    revenue_vnd: figures.revenueVnd,
    coins_issued: figures.coinsIssued,
    coins_spent: figures.coinsSpent,
    at_risk: figures.atRisk,
    refunds_due: figures.refundsDue,
  };
}

/** Money owed back for rejected paid bank orders (all days), for the payments module's reconciliation totals. */
export async function refundsDueOfOrders(db: Db): Promise<{ count: number; amountVnd: number }> {
  const due = await repo.refundsDueTotal(db);
  return { count: due.n, amountVnd: due.totalVnd };
}

/** One shop day's bank orders, for the payments module's day report. */
export function bankOrderDayFigures(db: Db, start: Date, end: Date) {
  return repo.bankOrderDayFigures(db, start, end);
}

/** Orders placed in [start, end), oldest first, read a page at a time so a year never sits in memory (CSV export). */
export async function* ordersPlacedBetween(db: Db, start: Date, end: Date, pageSize = 1000): AsyncGenerator<repo.ExportedOrder> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await repo.pageOrdersPlaced(db, start, end, after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
