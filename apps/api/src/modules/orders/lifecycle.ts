/**
 * The order lifecycle (docs/architecture.md "The order's journey"; docs/decisions/0005, 0008, 0009): the one owner of
 * every status move. Staff actions (admin.ts), the deadline job, bank-feed webhooks and staff
 * attaching a transfer (payments) all call it. Each move is one transaction holding the order's row
 * lock that writes the status, paid_at/due_at, the ledger, the refund-due mark, the password erasure,
 * the audit row and the event that announces the change.
 */
import {
  API_MESSAGES,
  EVENT_CAUSES,
  EVENT_KINDS,
  ORDER_STATUS,
  PAY_METHOD,
  REFUND_STATUS,
  canMoveOrder,
  isFinalStatus,
  orderStatusLabel,
  type EventCause,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { isUnpaidBankOrder } from './conditions.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../db/audit.js';
import { COIN_REASONS, applyCoinChange } from '../coins/service.js';
import { lateCompensationFor } from './compensation.js';
import { dueAtFor } from './due-at.js';
import * as repo from './lifecycle-repository.js';
import { toOrder } from './reads.js';

export type { LockedOrder } from './lifecycle-repository.js';
export { isUnpaidBankOrder };

/** Audit actions written here. */
export const ORDER_AUDIT = {
  STATUS: 'order.status',
  REFUND_DUE: 'order.refund_due',
  REFUND_DONE: 'order.refund_done',
  PAYMENT_VERIFIED: 'order.payment_verified',
} as const;

/** Why the deadline job moved an order (the audit row's reason). */
export const DEADLINE_REASONS = { LATE: 'late', UNPAID_EXPIRED: 'unpaid_expired' } as const;

export interface Move {
  to: number;
  /** Null when the system acts (the deadline job, a bank-feed webhook). */
  actorId: string | null;
  reason: string;
  resultComment?: string | undefined;
  resultPicture?: string[] | undefined;
  /** Compensation coins credited with the move (late orders). */
  compensationCoins?: number;
  /** A bank order's payment time (the bank's transaction time); defaults to `now`. */
  paidAt?: Date;
  /** Recorded in the audit row beside the move (e.g. the bank transfer that paid the order). */
  details?: Record<string, unknown>;
  /** The money that paid a bank order (0 → 1), added to what it has received. */
  payment?: Payment;
  now: Date;
}

/** Money in for a bank order, as the payments module recorded it. */
export interface Payment {
  amountVnd: number;
  /** The part above the order's total, owed back on the transfer. */
  excessVnd: number;
  /** Staff's manual record, not yet seen by a bank feed. */
  unverified: boolean;
}

/** What a rejected bank order owes back: what it received, less the excess its transfers owe already. */
export const refundOwed = (order: Pick<repo.LockedOrder, 'receivedVnd' | 'excessVnd'>): number =>
  Math.max(0, order.receivedVnd - order.excessVnd);

/** Announces a change of the order to live streams (and, through them, staff alerts). */
export function announceOrder(ctx: AppContext, tx: Tx, order: { id: string; userId: string }, cause: EventCause): Promise<void> {
  return ctx.events.publish(tx, { kind: EVENT_KINDS.ORDER, entityId: order.id, userId: order.userId, cause });
}

/**
 * Applies an allowed move to an order whose row the caller has locked in `tx`:
 * - bank order paid (0 → 1): paid_at is stamped (the bank's time, or now when staff confirm by hand)
 *   and the 16:00 promise starts from the payment — due_at = dueAtFor(paid_at, deadline hour and lead time),
 *   recorded in the audit row (docs/decisions/0008). A coin order keeps the due time it got when placed;
 * - coin order completed: its reserved coins are debited (ORDER_DEBIT);
 * - bank order completed: its gift coins are credited (ORDER_GIFT);
 * - rejected: nothing to debit — a coin order's reservation is released by the status itself, and a
 *   paid bank order (1 → 3) is marked refund 'due' for staff, with an 'order.refund_due' audit row;
 * - final (2 or 3): the game password is erased.
 * The caller has checked that the move is allowed (`canMoveOrder`).
 */
export async function moveLockedOrder(ctx: AppContext, tx: Tx, order: repo.LockedOrder, move: Move): Promise<void> {
  const from = order.status;
  const changes: repo.OrderChanges = { status: move.to, updatedAt: move.now };
  const paymentConfirmed = move.to === ORDER_STATUS.PROCESSING && isUnpaidBankOrder(order);
  if (paymentConfirmed) {
    const paidAt = move.paidAt ?? order.paidAt ?? move.now;
    changes.paidAt = paidAt;
    changes.dueAt = dueAtFor(paidAt, ctx.config);
  }
  if (move.payment) {
    changes.receivedVnd = order.receivedVnd + move.payment.amountVnd;
    changes.excessVnd = order.excessVnd + move.payment.excessVnd;
    if (move.payment.unverified) changes.unverifiedVnd = order.unverifiedVnd + move.payment.amountVnd;
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
      // On the sweep's clock: the daily cap counts these rows by the shop day they fall in (compensation.ts).
      at: move.now,
    });
  }

  await writeAudit(tx, {
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
      ...move.details,
    },
    reason: move.reason,
  });
  if (refundDue) {
    await writeAudit(tx, {
      actorId: move.actorId,
      action: ORDER_AUDIT.REFUND_DUE,
      entity: 'order',
      entityId: order.id,
      after: { refund_status: REFUND_STATUS.DUE, amount_vnd: refundOwed({ ...order, ...changes } as repo.LockedOrder) },
      reason: move.reason,
    });
  }
  await announceOrder(ctx, tx, order, paymentConfirmed ? EVENT_CAUSES.PAID : EVENT_CAUSES.STATUS);
}

export interface StaffMove extends Omit<Move, 'now' | 'compensationCoins' | 'paidAt' | 'details' | 'payment'> {
  /** The status the admin saw; when the order has moved since, the move is refused (409). */
  expectedStatus?: number | undefined;
  /** Confirming a bank order's payment by hand: what staff saw arrive (required for that move). */
  manualPayment?: { amountVnd: number; reference: string } | undefined;
}

/**
 * A move asked for by staff. The row lock makes simultaneous admins queue; whoever comes second re-reads
 * the status the first one left and gets 409 (stale `expectedStatus`, or a move no longer allowed),
 * never a double debit.
 */
export async function moveOrderByStaff(ctx: AppContext, orderId: string, move: StaffMove, now: Date = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(API_MESSAGES.orderNotFound);
    const stale = move.expectedStatus !== undefined && order.status !== move.expectedStatus;
    if (stale || order.status === move.to) throw conflict(API_MESSAGES.orderChangedReload(orderStatusLabel(order.status)));
    if (!canMoveOrder(order.status, move.to)) {
      throw conflict(API_MESSAGES.orderMoveNotAllowed(orderStatusLabel(order.status), orderStatusLabel(move.to)));
    }
    const { manualPayment, ...rest } = move;
    if (move.to === ORDER_STATUS.PROCESSING && isUnpaidBankOrder(order)) {
      // A payment staff confirm by hand is money in like any other: recorded as a manual transfer, verified
      // when a bank feed reports it (modules/payments), and what a refund would owe.
      if (!manualPayment) throw badRequest(API_MESSAGES.receivedRequired, { received_vnd: API_MESSAGES.receivedRequired });
      const excessVnd = Math.max(0, manualPayment.amountVnd - order.totalPriceVnd);
      await ctx.moneyIn.recordManualPayment(tx, {
        orderId: order.id,
        orderCode: order.code,
        amountVnd: manualPayment.amountVnd,
        excessVnd,
        reference: manualPayment.reference,
        actorId: move.actorId,
        now,
      });
      await moveLockedOrder(ctx, tx, order, {
        ...rest,
        // The amount and reference are in the manual transfer's own audit row ('transfer.manual').
        payment: { amountVnd: manualPayment.amountVnd, excessVnd, unverified: true },
        now,
      });
      return;
    }
    await moveLockedOrder(ctx, tx, order, { ...rest, now });
  });
}

/**
 * A bank feed reported the money of a manual record on this order (locked by the caller): what it received is
 * no longer only staff's word. Nothing else changes: the amount was counted when staff recorded it.
 */
export async function verifyLockedPayment(ctx: AppContext, tx: Tx, order: repo.LockedOrder, amountVnd: number, details: Record<string, unknown>, now: Date): Promise<void> {
  await repo.updateOrder(tx, order.id, { unverifiedVnd: Math.max(0, order.unverifiedVnd - amountVnd), updatedAt: now });
  await writeAudit(tx, {
    actorId: null,
    action: ORDER_AUDIT.PAYMENT_VERIFIED,
    entity: 'order',
    entityId: order.id,
    before: { unverified_vnd: order.unverifiedVnd },
    after: { unverified_vnd: Math.max(0, order.unverifiedVnd - amountVnd), ...details },
  });
  await announceOrder(ctx, tx, order, EVENT_CAUSES.STATUS);
}

/** Staff transferred the money of a rejected paid bank order back: refund 'due' → 'done'. */
export async function markRefundDone(ctx: AppContext, actorId: string, orderId: string, note: string, now: Date = new Date()): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, orderId);
    if (!order) throw notFound(API_MESSAGES.orderNotFound);
    if (order.refundStatus !== REFUND_STATUS.DUE) throw conflict(API_MESSAGES.refundNotDue);
    await repo.updateOrder(tx, orderId, { refundStatus: REFUND_STATUS.DONE, updatedAt: now });
    await writeAudit(tx, {
      actorId,
      action: ORDER_AUDIT.REFUND_DONE,
      entity: 'order',
      entityId: orderId,
      before: { refund_status: REFUND_STATUS.DUE },
      after: { refund_status: REFUND_STATUS.DONE, amount_vnd: refundOwed(order) },
      reason: note,
    });
    await announceOrder(ctx, tx, order, EVENT_CAUSES.REFUND);
  });
}

// ---------- payments (the payments module's webhooks and staff attaching a transfer) ----------

/** Locks an order by its code for a payment decision; undefined when no order has that code. */
export function lockOrderByCode(tx: Tx, code: string): Promise<repo.LockedOrder | undefined> {
  return repo.lockOrderByCode(tx, code);
}

/**
 * A bank order locked by the caller (`lockOrderByCode`) is paid: 0 → 1 with paid_at = the bank's
 * transaction time, never later than now. The caller has checked it is an unpaid bank order.
 */
export function payLockedOrder(
  ctx: AppContext,
  tx: Tx,
  order: repo.LockedOrder,
  payment: {
    paidAt: Date;
    actorId: string | null;
    reason: string;
    details: Record<string, unknown>;
    now: Date;
    /** The transfer's amount and the part of it above the order's total. */
    amountVnd: number;
    excessVnd: number;
  },
): Promise<void> {
  if (!isUnpaidBankOrder(order)) throw new Error(`order ${order.id} is not an unpaid bank order`);
  const paidAt = payment.paidAt.getTime() > payment.now.getTime() ? payment.now : payment.paidAt;
  return moveLockedOrder(ctx, tx, order, {
    to: ORDER_STATUS.PROCESSING,
    actorId: payment.actorId,
    reason: payment.reason,
    paidAt,
    details: payment.details,
    payment: { amountVnd: payment.amountVnd, excessVnd: payment.excessVnd, unverified: false },
    now: payment.now,
  });
}

/**
 * A bank notification on its arrival, in one round trip (migration 0011): stored, and when it plainly pays the
 * unpaid bank order its memo names — the first of `codes` that names an order, a bank order waiting for its money,
 * paid in full — the transfer is stored matched and that order is paid exactly as payLockedOrder pays it (paid_at the
 * bank's time, never later than now; due_at from it). 'other': nothing was written, and the caller stores and decides
 * it the long way; 'handled': it had been handled already (a retry, a replay). The caller has checked it is incoming money to the shop's account
 * and that no other provider reports the same movements.
 */
export async function receivePayingTransfer(
  ctx: AppContext,
  arrival: { transfer: repo.ArrivedTransfer; codes: string[]; reason: string; now: Date },
): Promise<repo.PayingTransferOutcome> {
  const { transfer, now } = arrival;
  const paidAt = transfer.transactionAt.getTime() > now.getTime() ? now : transfer.transactionAt;
  const dueAt = dueAtFor(paidAt, ctx.config);
  const outcome = await ctx.paying.receive({ ...arrival, paidAt, dueAt, origin: ctx.events.origin });
  if (outcome.outcome === 'matched') {
    // Committed: the order's and the transfer's events go out (decision 0028).
    const { ORDER, TRANSFER } = EVENT_KINDS;
    // What its customer now sees: the order as it was, paid (payLockedOrder's 0 → 1), with its lines.
    const order = toOrder({ ...outcome.order, status: ORDER_STATUS.PROCESSING, dueAt }, outcome.lines);
    ctx.events.announce({ id: outcome.order_event_id, kind: ORDER, entityId: outcome.order_id, userId: outcome.user_id, cause: EVENT_CAUSES.PAID, order });
    ctx.events.announce({ id: outcome.transfer_event_id, kind: TRANSFER, entityId: outcome.transfer_id, userId: null, cause: EVENT_CAUSES.RECEIVED });
  }
  return outcome;
}

// ---------- the deadline (used by jobs/deadline.ts) ----------

export function findOverdueOrderIds(ctx: AppContext, now: Date, limit: number): Promise<string[]> {
  return repo.findOverdueOrderIds(ctx.db, now, limit);
}

/**
 * Settles one overdue order in its own transaction, or does nothing when it is no longer overdue or
 * another instance holds it (SKIP LOCKED). Unpaid bank orders older than UNPAID_ORDER_EXPIRY_HOURS
 * simply expire; paid bank orders and coin orders past due_at are refunded (refund due / reservation
 * released) and compensated.
 */
export async function settleOverdueOrder(ctx: AppContext, orderId: string, now: Date): Promise<'late' | 'unpaid_expired' | null> {
  return ctx.db.transaction(async (tx) => {
    const order = await repo.lockOverdueOrder(tx, orderId, now);
    if (!order) return null;
    const unpaid = isUnpaidBankOrder(order);
    const reason = unpaid ? DEADLINE_REASONS.UNPAID_EXPIRED : DEADLINE_REASONS.LATE;
    await moveLockedOrder(ctx, tx, order, {
      to: ORDER_STATUS.REJECTED,
      actorId: null,
      reason,
      // Only money at stake earns it, within the customer's daily cap (compensation.ts).
      compensationCoins: unpaid ? 0 : await lateCompensationFor(ctx, tx, order, now),
      now,
    });
    return reason;
  });
}

/**
 * Orders whose promise is running and that have just come within the at-risk window are announced
 * once each (cause 'at_risk'), so the console flags them and staff are alerted. Returns how many.
 */
export async function announceAtRiskOrders(ctx: AppContext, now: Date, limit = 100): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const claimed = await repo.claimAtRiskOrders(tx, now, limit);
    for (const order of claimed) await announceOrder(ctx, tx, order, EVENT_CAUSES.AT_RISK);
    return claimed.length;
  });
}
