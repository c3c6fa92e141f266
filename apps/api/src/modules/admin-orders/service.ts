/**
 * The admin side of the order lifecycle (DESIGN.md § Order lifecycle; docs/decisions/0005).
 * Every status move — by an admin or by the deadline job — goes through `moveLockedOrder`: one
 * transaction that holds the order's row lock and writes the status, the ledger, the refund-due mark,
 * the password erasure and the audit row together.
 */
import {
  API_MESSAGES,
  ERROR_CODES,
  ORDER_STATUS,
  ORDER_STATUS_ALL,
  PAY_METHOD,
  REFUND_STATUS,
  SHOP_TIME_ZONE,
  canMoveOrder,
  isFinalStatus,
  lateCompensationCoins,
  orderStatusLabel,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderList,
  type AdminOrderRow,
  type AdminRevealPassword,
  type adminOrderListQuery,
  type adminOrderPatch,
} from '@lucky/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { COIN_REASONS, applyCoinChange } from '../coins/service.js';
import { dueAtFor } from '../orders/due-at.js';
import { linesByOrder, linesOfOrder, toOrder } from '../orders/service.js';
import * as repo from './repository.js';

export { AT_RISK_WINDOW_MS } from './repository.js';

/** Audit actions written here; the history an admin sees leaves out password reveals. */
export const ORDER_AUDIT = {
  STATUS: 'order.status',
  REFUND_DUE: 'order.refund_due',
  REFUND_DONE: 'order.refund_done',
  REVEAL_PASSWORD: 'order.reveal_password',
} as const;

/** Why the deadline job moved an order (the audit row's reason). */
export const DEADLINE_REASONS = { LATE: 'late', UNPAID_EXPIRED: 'unpaid_expired' } as const;

type AdminOrderPatch = z.output<typeof adminOrderPatch>;
type AdminOrderListQuery = z.output<typeof adminOrderListQuery>;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toRow(row: repo.AdminOrderRow, lines: repo.OrderLineRow[]): AdminOrderRow {
  return {
    ...toOrder(row, lines),
    user_id: row.userId,
    customer_email: row.customerEmail,
    customer_name: row.customerName,
    paid_at: iso(row.paidAt),
    finished_at: iso(row.finishedAt),
    updated_at: row.updatedAt.toISOString(),
    refund_status: row.refundStatus === REFUND_STATUS.DUE || row.refundStatus === REFUND_STATUS.DONE ? row.refundStatus : null,
    at_risk: row.atRisk,
  };
}

export async function listOrders(db: Db, query: AdminOrderListQuery, now: Date = new Date()): Promise<AdminOrderList> {
  const filter: repo.OrderFilter = {
    status: query.status === undefined || query.status === ORDER_STATUS_ALL ? null : query.status,
    payMethod: query.pay_method ?? null,
    platformId: query.platform_id ?? null,
    q: query.q?.trim() || null,
    atRiskAt: query.at_risk ? now : null,
  };
  const [rows, total] = await Promise.all([
    repo.listOrders(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }, now),
    repo.countOrders(db, filter),
  ]);
  const lines = await linesByOrder(
    db,
    rows.map((row) => row.id),
  );
  return { rows: rows.map((row) => toRow(row, lines.get(row.id) ?? [])), total };
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
    await repo.insertAudit(tx, {
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
    return { order_pass: ctx.secretBox.open(sealed) };
  } catch (error) {
    // A changed SECRET_KEY makes old passwords unreadable: say so in Vietnamese, log no secret.
    ctx.log.warn({ err: error, orderId }, 'could not decrypt an order password');
    throw new AppError(ERROR_CODES.INTERNAL, API_MESSAGES.passwordUnreadable, 500);
  }
}

export interface Move {
  to: number;
  /** Null when the system acts (the deadline job). */
  actorId: string | null;
  reason: string;
  resultComment?: string | undefined;
  resultPicture?: string[] | undefined;
  /** Compensation coins credited with the move (late orders). */
  compensationCoins?: number;
  /** The 16:00 promise's hour (config DEADLINE_HOUR): a bank order confirmed paid is due by it. */
  deadlineHour: number;
  now: Date;
}

/**
 * Applies an allowed move to an order whose row the caller has locked in `tx`:
 * - bank order confirmed paid (0 → 1): paid_at is stamped and the 16:00 promise starts from the
 *   payment — due_at = dueAtFor(paid_at, deadline hour), recorded in the audit row (docs/decisions/0008).
 *   A coin order keeps the due time it got when placed (its coins were reserved then);
 * - coin order completed: its reserved coins are debited (ORDER_DEBIT);
 * - bank order completed: its gift coins are credited (ORDER_GIFT);
 * - rejected: nothing to debit — a coin order's reservation is released by the status itself, and a
 *   paid bank order (1 → 3) is marked refund 'due' for staff, with an 'order.refund_due' audit row;
 * - final (2 or 3): the game password is erased.
 */
export async function moveLockedOrder(tx: Tx, order: repo.LockedOrder, move: Move): Promise<void> {
  const from = order.status;
  const changes: repo.OrderChanges = { status: move.to, updatedAt: move.now };
  const paymentConfirmed = move.to === ORDER_STATUS.PROCESSING && repo.isUnpaidBankOrder(order);
  if (paymentConfirmed) {
    const paidAt = order.paidAt ?? move.now;
    changes.paidAt = paidAt;
    changes.dueAt = dueAtFor(paidAt, move.deadlineHour);
  }
  if (isFinalStatus(move.to)) {
    changes.finishedAt = move.now;
    changes.passEncrypted = null;
    if (move.resultComment !== undefined) changes.resultComment = move.resultComment;
    if (move.resultPicture !== undefined) changes.resultPicture = move.resultPicture;
  }
  const refundDue = move.to === ORDER_STATUS.REJECTED && order.payMethod === PAY_METHOD.BANK && from === ORDER_STATUS.PROCESSING;
  if (refundDue) changes.refundStatus = REFUND_STATUS.DUE;
  await repo.updateOrder(tx, order.id, changes);

  if (move.to === ORDER_STATUS.COMPLETED) {
    const coin = order.payMethod === PAY_METHOD.COIN;
    await applyCoinChange(tx, {
      userId: order.userId,
      delta: coin ? -order.totalCoin : order.totalGiftCoin,
      reason: coin ? COIN_REASONS.ORDER_DEBIT : COIN_REASONS.ORDER_GIFT,
      orderId: order.id,
      actorId: move.actorId,
      note: order.code,
    });
  }
  if (move.compensationCoins) {
    await applyCoinChange(tx, {
      userId: order.userId,
      delta: move.compensationCoins,
      reason: COIN_REASONS.LATE_COMPENSATION,
      orderId: order.id,
      actorId: move.actorId,
      note: order.code,
    });
  }

  await repo.insertAudit(tx, {
    actorId: move.actorId,
    action: ORDER_AUDIT.STATUS,
    entity: 'order',
    entityId: order.id,
    before: { status: from, ...(changes.dueAt ? { due_at: order.dueAt.toISOString() } : {}) },
    after: {
      status: move.to,
      ...(changes.dueAt ? { due_at: changes.dueAt.toISOString() } : {}),
      ...(move.resultComment !== undefined ? { result_comment: move.resultComment } : {}),
      ...(move.resultPicture !== undefined ? { result_picture: move.resultPicture } : {}),
      ...(move.compensationCoins ? { compensation_coins: move.compensationCoins } : {}),
    },
    reason: move.reason,
  });
  if (refundDue) {
    await repo.insertAudit(tx, {
      actorId: move.actorId,
      action: ORDER_AUDIT.REFUND_DUE,
      entity: 'order',
      entityId: order.id,
      after: { refund_status: REFUND_STATUS.DUE, amount_vnd: order.totalPriceVnd },
      reason: move.reason,
    });
  }
}

async function requireFiles(db: Db, ids: string[]): Promise<void> {
  const found = await repo.existingFileIds(db, ids);
  if (ids.some((id) => !found.has(id))) throw badRequest(API_MESSAGES.pictureNotFound, { result_picture: API_MESSAGES.pictureNotFound });
}

/**
 * PATCH /order/api/v1/admin/order/{id}. The row lock makes simultaneous admins queue; whoever comes
 * second re-reads the status the first one left and gets 409 (stale `expected_status`, or a move that
 * is no longer allowed), never a double debit.
 */
export async function changeOrderStatus(
  ctx: AppContext,
  actorId: string,
  orderId: string,
  input: AdminOrderPatch,
  now: Date = new Date(),
): Promise<AdminOrderRow> {
  const reason = input.reason ?? '';
  if (input.status === ORDER_STATUS.REJECTED && reason === '') {
    throw badRequest(API_MESSAGES.rejectReasonRequired, { reason: API_MESSAGES.rejectReasonRequired });
  }
  const sendsResult = input.result_comment !== undefined || input.result_picture !== undefined;
  if (sendsResult && !isFinalStatus(input.status)) throw badRequest(API_MESSAGES.resultOnlyWhenFinished);
  const pictures = input.result_picture ? [...new Set(input.result_picture)] : undefined;
  if (pictures) await requireFiles(ctx.db, pictures);

  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(API_MESSAGES.orderNotFound);
    const stale = input.expected_status !== undefined && order.status !== input.expected_status;
    if (stale || order.status === input.status) throw conflict(API_MESSAGES.orderChangedReload(orderStatusLabel(order.status)));
    if (!canMoveOrder(order.status, input.status)) {
      throw conflict(API_MESSAGES.orderMoveNotAllowed(orderStatusLabel(order.status), orderStatusLabel(input.status)));
    }
    await moveLockedOrder(tx, order, {
      to: input.status,
      actorId,
      reason,
      resultComment: input.result_comment,
      resultPicture: pictures,
      deadlineHour: ctx.config.deadlineHour,
      now,
    });
  });
  const row = await repo.findOrder(ctx.db, orderId, now);
  return toRow(row!, await linesOfOrder(ctx.db, orderId));
}

/** Staff transferred the money of a rejected paid bank order back: refund 'due' → 'done'. */
export async function markRefundDone(ctx: AppContext, actorId: string, orderId: string, note: string, now: Date = new Date()): Promise<AdminOrderRow> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(API_MESSAGES.orderNotFound);
    if (order.refundStatus !== REFUND_STATUS.DUE) throw conflict(API_MESSAGES.refundNotDue);
    await repo.updateOrder(tx, orderId, { refundStatus: REFUND_STATUS.DONE, updatedAt: now });
    await repo.insertAudit(tx, {
      actorId,
      action: ORDER_AUDIT.REFUND_DONE,
      entity: 'order',
      entityId: orderId,
      before: { refund_status: REFUND_STATUS.DUE },
      after: { refund_status: REFUND_STATUS.DONE, amount_vnd: order.totalPriceVnd },
      reason: note,
    });
  });
  const row = await repo.findOrder(ctx.db, orderId, now);
  return toRow(row!, await linesOfOrder(ctx.db, orderId));
}

// ---------- the deadline (used by jobs/deadline.ts) ----------

export function findOverdueOrderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  return repo.findOverdueOrderIds(db, now, limit);
}

/**
 * Settles one overdue order (repository `overdue`) in its own transaction, or does nothing when it is
 * no longer overdue or another instance holds it (SKIP LOCKED). Unpaid bank orders older than
 * UNPAID_ORDER_EXPIRY_HOURS simply expire; paid bank orders and coin orders past due_at are refunded
 * (refund due / reservation released) and compensated.
 */
export async function settleOverdueOrder(ctx: AppContext, orderId: string, now: Date): Promise<'late' | 'unpaid_expired' | null> {
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOverdueOrder(tx, orderId, now);
    if (!order) return null;
    const unpaid = repo.isUnpaidBankOrder(order);
    const reason = unpaid ? DEADLINE_REASONS.UNPAID_EXPIRED : DEADLINE_REASONS.LATE;
    await moveLockedOrder(tx, order, {
      to: ORDER_STATUS.REJECTED,
      actorId: null,
      reason,
      compensationCoins: unpaid ? 0 : lateCompensationCoins(order.totalCoin),
      deadlineHour: ctx.config.deadlineHour,
      now,
    });
    return reason;
  });
}

// ---------- dashboard ----------

/** The shop's calendar day around `now`: [start, end) and its YYYY-MM-DD name. */
export function shopDay(now: Date): { start: Date; end: Date; date: string } {
  // The next local midnight is the "deadline" at hour 0; the shop's zone has no DST, so a day is 24 h.
  const end = dueAtFor(now, 0, SHOP_TIME_ZONE);
  const start = new Date(end.getTime() - 24 * 60 * 60 * 1000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return { start, end, date };
}

export async function dashboard(db: Db, now: Date = new Date()): Promise<AdminDashboard> {
  const day = shopDay(now);
  const [byStatus, revenue, coins, atRisk, refundsDue] = await Promise.all([
    repo.countOrdersByStatusCreatedBetween(db, day.start, day.end),
    repo.revenueBetween(db, day.start, day.end),
    repo.coinFlowBetween(db, day.start, day.end),
    repo.countAtRisk(db, now),
    repo.countRefundsDue(db),
  ]);
  const counted = (status: number) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const orders = {
    pending: counted(ORDER_STATUS.PENDING),
    processing: counted(ORDER_STATUS.PROCESSING),
    completed: counted(ORDER_STATUS.COMPLETED),
    rejected: counted(ORDER_STATUS.REJECTED),
  };
  return {
    date: day.date,
    orders_today: { total: orders.pending + orders.processing + orders.completed + orders.rejected, ...orders },
    revenue_vnd: revenue,
    coins_issued: coins.issued,
    coins_spent: coins.spent,
    at_risk: atRisk,
    refunds_due: refundsDue,
  };
}
