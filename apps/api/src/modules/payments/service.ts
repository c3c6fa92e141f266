/**
 * Payments (docs/architecture.md "Live events"): bank-feed notifications are stored raw, then matched
 * to an order by the code in the memo, the shop's account and the amount; what does not match is kept
 * for staff, who attach it to an order or record that they sent it back. Orders move only through the
 * order lifecycle (`payLockedOrder`); every change here is announced as a 'transfer' event in its own
 * transaction.
 */
import crypto from 'node:crypto';
import {
  API_MESSAGES,
  ERROR_CODES,
  EVENT_CAUSES,
  EVENT_KINDS,
  ORDER_STATUS,
  PAY_METHOD,
  TRANSFER_REASON,
  TRANSFER_STATUS,
  formatVnd,
  shopDay,
  type AdminDayReport,
  type AdminTransfer,
  type AdminTransferList,
  type AdminTransferTotals,
  type BankProvider,
  type EventCause,
  type TransferReason,
  type TransferSource,
  type TransferStatus,
  type adminTransferAttach,
  type adminTransferListQuery,
} from '@lucky/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../db/audit.js';
import {
  isUnpaidBankOrder,
  lockOrderByCode,
  payLockedOrder,
  receivePayingTransfer,
  bankOrderDayFigures,
  ORDER_REFUND_DONE,
  refundsDueOfOrders,
  verifyLockedPayment,
  type LockedOrder,
} from '../orders/service.js';
import type { ManualPayment } from '../../context.js';
import { coinDayFigures } from '../coins/service.js';
import { compactOrderCode, orderCodeCandidates } from './memo.js';
import type { BankNotification } from './notifications.js';
import { cassoNotification, fromCasso, fromSepay, isShopAccount, sepayNotification } from './notifications.js';
import * as repo from './repository.js';

export const TRANSFER_AUDIT = {
  ATTACH: 'transfer.attach',
  REFUND: 'transfer.refund',
  REFUND_EXCESS: 'transfer.refund_excess',
  MANUAL: 'transfer.manual',
  RETRY: 'transfer.retry',
} as const;

const PROVIDER_NAMES: Record<BankProvider, string> = { sepay: 'SePay', casso: 'Casso' };

type AttachInput = z.output<typeof adminTransferAttach>;
type ListQuery = z.output<typeof adminTransferListQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAdminTransfer({
  transfer,
  orderCode,
}: {
  transfer: repo.TransferRow;
  orderCode: string | null;
}): AdminTransfer {
  return {
    id: transfer.id,
    provider: transfer.provider as BankProvider,
    provider_tx_id: transfer.providerTxId,
    direction: transfer.direction as 'in' | 'out',
    account_number: transfer.accountNumber,
    amount_vnd: transfer.amountVnd,
    content: transfer.content,
    reference: transfer.reference,
    transaction_at: transfer.transactionAt.toISOString(),
    received_at: transfer.receivedAt.toISOString(),
    status: transfer.status as TransferStatus,
    reason: transfer.reason,
    order_id: transfer.orderId,
    order_code: orderCode,
    excess_vnd: transfer.excessVnd,
    excess_refunded_at: transfer.excessRefundedAt?.toISOString() ?? null,
    updated_at: transfer.updatedAt.toISOString(),
    source: transfer.source as TransferSource,
    duplicate_of: transfer.duplicateOf,
    verified_by: transfer.verifiedBy,
  };
}

/** One transfer as staff see it (live events, alerts, the answer to a staff action); undefined when there is none. */
export async function getAdminTransfer(db: Db, id: string): Promise<AdminTransfer | undefined> {
  if (!UUID.test(id)) return undefined;
  const row = await repo.findTransfer(db, id);
  return row ? toAdminTransfer(row) : undefined;
}

const announce = (ctx: AppContext, tx: Tx, transferId: string, cause: EventCause) =>
  ctx.events.publish(tx, { kind: EVENT_KINDS.TRANSFER, entityId: transferId, userId: null, cause });

// ---------- the bank feed ----------

interface Decision {
  status: typeof TRANSFER_STATUS.MATCHED | typeof TRANSFER_STATUS.UNMATCHED | typeof TRANSFER_STATUS.IGNORED;
  reason: TransferReason | '';
  /** The order the memo names, locked in the transaction, when there is one. */
  order: LockedOrder | null;
  excessVnd: number;
  /** Staff's manual record of this same money on the order, which this transfer now verifies. */
  verifies?: repo.TransferRow;
}

const ignored = (reason: TransferReason): Decision => ({
  status: TRANSFER_STATUS.IGNORED,
  reason,
  order: null,
  excessVnd: 0,
});
const unmatched = (reason: TransferReason, order: LockedOrder | null = null): Decision => ({
  status: TRANSFER_STATUS.UNMATCHED,
  reason,
  order,
  excessVnd: 0,
});

/** The first candidate code that names an existing order, locked (transfer row → order row, as staff do). */
async function findNamedOrder(tx: Tx, codes: string[]): Promise<LockedOrder | undefined> {
  for (const code of codes) {
    const order = await lockOrderByCode(tx, code);
    if (order) return order;
  }
  return undefined;
}

/** What a stored notification means; reads only the stored row, so a retry decides the same way. */
async function decide(ctx: AppContext, tx: Tx, transfer: repo.TransferRow): Promise<Decision> {
  if (transfer.direction !== 'in') return ignored(TRANSFER_REASON.OUTGOING);
  const ours = isShopAccount(transfer.accountNumber, ctx.config.bank.accountNumber);
  if (!ours) return ignored(TRANSFER_REASON.WRONG_ACCOUNT);
  const codes = orderCodeCandidates(transfer.providerCode, transfer.content);
  const order = codes.length > 0 ? await findNamedOrder(tx, codes) : undefined;
  if (!order) {
    // No order named: perhaps the money of a manual record staff entered with this bank reference.
    const verified = await verifyingByReference(tx, transfer);
    if (verified) return verified;
    return unmatched(codes.length === 0 ? TRANSFER_REASON.NO_CODE : TRANSFER_REASON.UNKNOWN_ORDER);
  }
  if (order.payMethod !== PAY_METHOD.BANK) return unmatched(TRANSFER_REASON.NOT_BANK_ORDER, order);
  if (!isUnpaidBankOrder(order)) {
    // Staff confirmed the order by hand with this amount: this is that money, not a second payment.
    const manual = await repo.lockManualToVerify(tx, { orderId: order.id, amountVnd: transfer.amountVnd, reference: '' });
    if (manual) return { status: TRANSFER_STATUS.MATCHED, reason: '', order, excessVnd: manual.excessVnd, verifies: manual };
  }
  if (order.status === ORDER_STATUS.REJECTED) return unmatched(TRANSFER_REASON.ORDER_CLOSED, order);
  if (!isUnpaidBankOrder(order)) return unmatched(TRANSFER_REASON.ALREADY_PAID, order);
  if (transfer.amountVnd < order.totalPriceVnd) return unmatched(TRANSFER_REASON.UNDERPAID, order);
  return { status: TRANSFER_STATUS.MATCHED, reason: '', order, excessVnd: transfer.amountVnd - order.totalPriceVnd };
}

export type NotificationOutcome = TransferStatus | 'duplicate';

/** Whether SePay and Casso both report this shop's transfers (by webhook or by pull). */
const bothProvidersReport = (ctx: AppContext): boolean =>
  Boolean((ctx.config.payments.sepay || ctx.config.reconcile.sepay) && (ctx.config.payments.casso || ctx.config.reconcile.casso));

/** A manual record with the transfer's bank reference and amount, and its order, locked (order first, as everywhere). */
async function verifyingByReference(tx: Tx, transfer: repo.TransferRow): Promise<Decision | null> {
  if (!transfer.reference) return null;
  const candidate = await repo.findManualByReference(tx, transfer.amountVnd, transfer.reference);
  if (!candidate?.orderId) return null;
  const order = await lockOrderByCode(tx, candidate.content);
  if (!order) return null;
  const manual = await repo.lockManualToVerify(tx, { orderId: order.id, amountVnd: transfer.amountVnd, reference: '' });
  return manual ? { status: TRANSFER_STATUS.MATCHED, reason: '', order, excessVnd: manual.excessVnd, verifies: manual } : null;
}



/**
 * Stores an authenticated notification, then handles it once. The insert does nothing when the
 * (provider, transaction id) is already stored; the row is then locked and handled only while it is still
 * 'received' — so a retry, a replay or simultaneous duplicates have one effect between them, and a row
 * stored by a delivery that failed before handling it is handled by the provider's retry. Any failure
 * throws (the webhook answers 5xx and the provider retries); the row stays 'received'.
 */
export async function receiveNotification(
  ctx: AppContext,
  notification: BankNotification,
  rawBody: string,
  now: Date = new Date(),
  source: TransferSource = 'webhook',
): Promise<{ transferId: string; outcome: NotificationOutcome }> {
  const arrived = { ...notification, rawBody, source, receivedAt: now, updatedAt: now };
  const result = (await payAtOnce(ctx, arrived, now)) ?? (await storeAndDecide(ctx, arrived, now));
  // One line per notification for the operator; never the body or a credential.
  ctx.log.info(
    { provider: notification.provider, providerTxId: notification.providerTxId, ...result },
    'bank transfer notification handled',
  );
  return { transferId: result.transferId, outcome: result.outcome };
}

type ArrivedNotification = BankNotification & { rawBody: string; source: TransferSource; receivedAt: Date; updatedAt: Date };

/**
 * Most notifications pay the order their memo names: stored and decided in one round trip (decision 0026).
 * Null when this one is not that plain case, or the database says it is not: nothing was written.
 */
async function payAtOnce(ctx: AppContext, arrived: ArrivedNotification, now: Date) {
  const codes = orderCodeCandidates(arrived.providerCode, arrived.content);
  const plain =
    arrived.direction === 'in' &&
    codes.length > 0 &&
    isShopAccount(arrived.accountNumber, ctx.config.bank.accountNumber) &&
    !bothProvidersReport(ctx);
  if (!plain) return null;
  const atOnce = await receivePayingTransfer(ctx, {
    transfer: arrived,
    codes,
    reason: API_MESSAGES.transferPaidReason(PROVIDER_NAMES[arrived.provider] ?? arrived.provider),
    now,
  });
  if (atOnce.outcome === 'matched') {
    return { transferId: atOnce.transfer_id, outcome: TRANSFER_STATUS.MATCHED as NotificationOutcome, reason: '', orderCode: atOnce.order_code };
  }
  if (atOnce.outcome === 'handled') return { transferId: atOnce.transfer_id, outcome: 'duplicate' as const, orderCode: null };
  return null;
}

/** The long way: the notification stored as received, then decided under its row lock in a transaction of its own. */
async function storeAndDecide(ctx: AppContext, arrived: ArrivedNotification, now: Date) {
  await repo.insertTransfer(ctx.db, arrived);
  return ctx.db.transaction(async (tx) => {
    const transfer = await repo.lockTransferByProviderTx(tx, arrived.provider, arrived.providerTxId);
    if (!transfer) throw new Error(`bank transfer ${arrived.providerTxId} vanished after it was stored`);
    return handleLockedTransfer(ctx, tx, transfer, now);
  });
}

/**
 * Handles a stored transfer whose row `tx` has locked, unless it was handled already (a retry, a replay,
 * a simultaneous duplicate that waited for the lock): the match, the order's payment, the event.
 */
async function handleLockedTransfer(ctx: AppContext, tx: Tx, transfer: repo.TransferRow, now: Date) {
  if (transfer.status !== TRANSFER_STATUS.RECEIVED) {
    return { transferId: transfer.id, outcome: 'duplicate' as const, orderCode: null };
  }
  if (transfer.direction === 'in') {
    // One bank movement is one record: the other provider's report of it is kept, linked and never counted.
    // Two reports can arrive at once only while both providers report: then they are decided one after the
    // other (the lock), and the second sees the first. With one provider, transfers of one amount need not queue.
    if (bothProvidersReport(ctx)) await repo.lockMovement(tx, transfer.accountNumber, transfer.amountVnd);
    const first = await repo.findFirstReport(tx, transfer);
    if (first) {
      await repo.updateTransfer(tx, transfer.id, {
        status: TRANSFER_STATUS.DUPLICATE,
        reason: '',
        duplicateOf: first.id,
        orderId: first.orderId,
        handledAt: now,
        updatedAt: now,
      });
      await announce(ctx, tx, transfer.id, EVENT_CAUSES.RECEIVED);
      return { transferId: transfer.id, outcome: 'duplicate' as const, orderCode: null };
    }
  }
  const decision = await decide(ctx, tx, transfer);
  if (decision.status === TRANSFER_STATUS.MATCHED && !decision.verifies) {
    await payLockedOrder(ctx, tx, decision.order!, {
      paidAt: transfer.transactionAt,
      actorId: null,
      reason: API_MESSAGES.transferPaidReason(PROVIDER_NAMES[transfer.provider as BankProvider] ?? transfer.provider),
      details: paymentDetails(transfer, decision.excessVnd),
      now,
      amountVnd: transfer.amountVnd,
      excessVnd: decision.excessVnd,
    });
  }
  if (decision.verifies) {
    await verifyLockedPayment(ctx, tx, decision.order!, transfer.amountVnd, { manual_transfer_id: decision.verifies.id, ...paymentDetails(transfer, decision.excessVnd) }, now);
    await repo.updateTransfer(tx, decision.verifies.id, { status: TRANSFER_STATUS.VERIFIED, verifiedBy: transfer.id, updatedAt: now });
    await announce(ctx, tx, decision.verifies.id, EVENT_CAUSES.RECEIVED);
  }
  await repo.updateTransfer(tx, transfer.id, {
    status: decision.status,
    reason: decision.reason,
    orderId: decision.order?.id ?? null,
    excessVnd: decision.excessVnd,
    handledAt: now,
    updatedAt: now,
  });
  await announce(ctx, tx, transfer.id, EVENT_CAUSES.RECEIVED);
  return {
    transferId: transfer.id,
    outcome: decision.status as NotificationOutcome,
    reason: decision.reason,
    orderCode: decision.order?.code ?? null,
  };
}

/** A stored notification still unhandled this long after it arrived was left by a failed delivery. */
export const STUCK_TRANSFER_MS = 2 * 60 * 1000;

/**
 * Handles notifications that were stored but never handled (the delivery failed after storing, and the
 * provider gave up retrying), so no payment waits on a retry that will not come. Run by the minute job;
 * safe on several instances (rows another instance holds are skipped). Returns how many it handled.
 */
export async function handleStuckTransfers(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let handled = 0;
  for (const id of await repo.findStuckTransferIds(ctx.db, new Date(now.getTime() - STUCK_TRANSFER_MS), 50)) {
    const result = await ctx.db.transaction(async (tx) => {
      const transfer = await repo.lockTransferIfFree(tx, id);
      return transfer ? handleLockedTransfer(ctx, tx, transfer, now) : null;
    });
    if (result && result.outcome !== 'duplicate') {
      handled += 1;
      ctx.log.info({ ...result }, 'a stored bank transfer notification was handled late');
    }
  }
  return handled;
}

/** Recorded beside the order's move in its audit row: which transfer paid it. */
function paymentDetails(transfer: repo.TransferRow, excessVnd: number) {
  return {
    transfer_id: transfer.id,
    provider: transfer.provider,
    provider_tx_id: transfer.providerTxId,
    amount_vnd: transfer.amountVnd,
    excess_vnd: excessVnd,
    transaction_at: transfer.transactionAt.toISOString(),
  };
}

// ---------- staff ----------

/** Amount typed as an amount ('50.000', '50,000 đ', '50000'): the VND it names, else null. */
export function amountOfKeyword(keyword: string): number | null {
  const digits = keyword
    .toLowerCase()
    .replace(/(vnđ|vnd|đ)$/u, '')
    .replace(/[\s.,]/g, '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}

export async function listTransfers(db: Db, query: ListQuery): Promise<AdminTransferList> {
  const keyword = query.q?.trim() || null;
  const filter: repo.TransferFilter = {
    status: query.status ?? null,
    keyword,
    amountVnd: keyword ? amountOfKeyword(keyword) : null,
  };
  const [rows, total] = await Promise.all([
    repo.listTransfers(db, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countTransfers(db, filter),
  ]);
  return { rows: rows.map(toAdminTransfer), total };
}

/** Today's figures (the shop's day, by the bank's time) and what is owed back, all days. */
export async function transferTotals(db: Db, now: Date = new Date()): Promise<AdminTransferTotals> {
  const day = shopDay(now);
  const [today, transfersDue, ordersDue] = await Promise.all([
    repo.dayTotals(db, day.start, day.end),
    repo.transferRefundsDue(db),
    refundsDueOfOrders(db),
  ]);
  return {
    date: day.date,
    received_vnd: today.receivedVnd,
    received_count: today.receivedCount,
    matched_vnd: today.matchedVnd,
    matched_count: today.matchedCount,
    unmatched_vnd: today.unmatchedVnd,
    unmatched_count: today.unmatchedCount,
    refunds_due_vnd: transfersDue.amountVnd + ordersDue.amountVnd,
    refunds_due_count: transfersDue.count + ordersDue.count,
  };
}

async function lockOrThrow(tx: Tx, transferId: string): Promise<repo.TransferRow> {
  const transfer = await repo.lockTransfer(tx, transferId);
  if (!transfer) throw notFound(API_MESSAGES.transferNotFound);
  return transfer;
}

async function answer(db: Db, transferId: string): Promise<AdminTransfer> {
  return (await getAdminTransfer(db, transferId))!;
}

/**
 * Staff pay an order with an unmatched transfer: the same move as a match (0 → 1 through the lifecycle,
 * excess recorded). A transfer smaller than the order's total needs `accept_short` (409 TRANSFER_SHORT
 * first, so the console can ask). paid_at is the time staff confirm, not the bank's: a transfer attached
 * hours later would otherwise start a promise already past (an instant 'late' refund) — decision 0008's
 * "the promise clock starts when the shop has the money" for hand confirmations. The bank's time stays
 * in the audit row.
 */
export async function attachTransfer(
  ctx: AppContext,
  actorId: string,
  transferId: string,
  input: AttachInput,
  now: Date = new Date(),
): Promise<AdminTransfer> {
  await ctx.db.transaction(async (tx) => {
    const transfer = await lockOrThrow(tx, transferId);
    if (transfer.status !== TRANSFER_STATUS.UNMATCHED) throw conflict(API_MESSAGES.transferNotOpen);
    const order = await lockOrderByCode(tx, compactOrderCode(input.order_code));
    if (!order) throw notFound(API_MESSAGES.orderNotFound);
    if (!isUnpaidBankOrder(order)) throw conflict(API_MESSAGES.transferOrderNotPayable);
    const short = transfer.amountVnd < order.totalPriceVnd;
    if (short && !input.accept_short) {
      throw new AppError(
        ERROR_CODES.TRANSFER_SHORT,
        API_MESSAGES.transferShort(formatVnd(transfer.amountVnd), formatVnd(order.totalPriceVnd)),
        409,
      );
    }
    const excessVnd = Math.max(0, transfer.amountVnd - order.totalPriceVnd);
    await payLockedOrder(ctx, tx, order, {
      paidAt: now,
      actorId,
      reason: input.note || API_MESSAGES.transferAttachedReason,
      details: {
        ...paymentDetails(transfer, excessVnd),
        ...(short ? { short_vnd: order.totalPriceVnd - transfer.amountVnd } : {}),
      },
      now,
      amountVnd: transfer.amountVnd,
      excessVnd,
    });
    await repo.updateTransfer(tx, transfer.id, {
      status: TRANSFER_STATUS.ATTACHED,
      reason: '',
      orderId: order.id,
      excessVnd,
      updatedAt: now,
    });
    await writeAudit(tx, {
      actorId,
      action: TRANSFER_AUDIT.ATTACH,
      entity: 'transfer',
      entityId: transfer.id,
      before: { status: transfer.status, reason: transfer.reason, order_id: transfer.orderId },
      after: {
        status: TRANSFER_STATUS.ATTACHED,
        order_id: order.id,
        order_code: order.code,
        amount_vnd: transfer.amountVnd,
        order_total_vnd: order.totalPriceVnd,
        excess_vnd: excessVnd,
        accept_short: short,
      },
      reason: input.note,
    });
    await announce(ctx, tx, transfer.id, EVENT_CAUSES.ATTACHED);
  });
  return answer(ctx.db, transferId);
}

/**
 * Staff sent money back: an unmatched transfer's whole amount (→ 'refunded'), or the excess of a transfer
 * that overpaid its order (excess_refunded_at). Anything else has nothing owed: 409.
 */
export async function refundTransfer(
  ctx: AppContext,
  actorId: string,
  transferId: string,
  note: string,
  now: Date = new Date(),
): Promise<AdminTransfer> {
  await ctx.db.transaction(async (tx) => {
    const transfer = await lockOrThrow(tx, transferId);
    const paidAnOrder = ([TRANSFER_STATUS.MATCHED, TRANSFER_STATUS.ATTACHED, TRANSFER_STATUS.MANUAL] as string[]).includes(transfer.status);
    if (transfer.status === TRANSFER_STATUS.UNMATCHED) {
      await repo.updateTransfer(tx, transfer.id, { status: TRANSFER_STATUS.REFUNDED, updatedAt: now });
      await writeAudit(tx, {
        actorId,
        action: TRANSFER_AUDIT.REFUND,
        entity: 'transfer',
        entityId: transfer.id,
        before: { status: transfer.status, reason: transfer.reason },
        after: { status: TRANSFER_STATUS.REFUNDED, amount_vnd: transfer.amountVnd },
        reason: note,
      });
    } else if (paidAnOrder && transfer.excessVnd > 0 && transfer.excessRefundedAt === null) {
      await repo.updateTransfer(tx, transfer.id, { excessRefundedAt: now, updatedAt: now });
      await writeAudit(tx, {
        actorId,
        action: TRANSFER_AUDIT.REFUND_EXCESS,
        entity: 'transfer',
        entityId: transfer.id,
        before: { excess_refunded_at: null },
        after: { excess_refunded_at: now.toISOString(), amount_vnd: transfer.excessVnd },
        reason: note,
      });
    } else {
      throw conflict(API_MESSAGES.transferNotOpen);
    }
    await announce(ctx, tx, transfer.id, EVENT_CAUSES.REFUNDED);
  });
  return answer(ctx.db, transferId);
}

// ---------- unreadable notifications ----------

/** The object a refused body has at `path` (the provider's own shape), or {} where it has none. */
function objectAt(body: unknown, path: string[]): Record<string, unknown> {
  let value = body;
  for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Where each provider puts the transaction in its body: Casso under `data`, SePay at the top. */
const transactionOf = (provider: BankProvider, body: unknown) => objectAt(body, provider === 'casso' ? ['data'] : []);

/** A provider's own id of the transaction in a body the schema refused, if it has one; else the body's hash. */
function unreadableTxId(provider: BankProvider, body: unknown, raw: string): string {
  const id = transactionOf(provider, body).id;
  if ((typeof id === 'string' && id.trim() && id.length <= 100) || (typeof id === 'number' && Number.isSafeInteger(id))) return String(id).trim();
  return `invalid:${crypto.createHash('sha256').update(raw).digest('hex').slice(0, 32)}`;
}

/** The amount a refused body names, as far as it can be read; 0 when it cannot. */
function unreadableAmount(provider: BankProvider, body: unknown): number {
  const transaction = transactionOf(provider, body);
  const amount = provider === 'casso' ? transaction.amount : transaction.transferAmount;
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isSafeInteger(value) ? Math.abs(value) : 0;
}

/**
 * Stores a signed notification whose body the schema refused, as 'invalid' (its raw body kept, the problem in
 * `reason`), announced so staff see it and are alerted. A retry of the same delivery stores nothing more.
 */
export async function receiveUnreadableNotification(ctx: AppContext, provider: BankProvider, rawBody: string, problem: string, now: Date = new Date()): Promise<void> {
  let body: unknown = null;
  try {
    body = JSON.parse(rawBody);
  } catch {
    // Kept as text: the raw body is the record.
  }
  const providerTxId = unreadableTxId(provider, body, rawBody);
  await ctx.db.transaction(async (tx) => {
    await repo.insertTransfer(tx, {
      provider,
      providerTxId,
      rawBody,
      direction: 'in',
      accountNumber: ctx.config.bank.accountNumber,
      amountVnd: unreadableAmount(provider, body),
      content: '',
      providerCode: '',
      reference: '',
      transactionAt: now,
      receivedAt: now,
      status: TRANSFER_STATUS.INVALID,
      reason: problem.slice(0, 200),
      source: 'webhook',
      updatedAt: now,
    });
    const transfer = await repo.lockTransferByProviderTx(tx, provider, providerTxId);
    if (transfer?.status === TRANSFER_STATUS.INVALID && transfer.handledAt === null) {
      await repo.updateTransfer(tx, transfer.id, { handledAt: now, updatedAt: now });
      await announce(ctx, tx, transfer.id, EVENT_CAUSES.RECEIVED);
    }
  });
}

/**
 * Staff ask the shop to read an 'invalid' transfer again (the code has learned the body's shape since): read, it
 * becomes a transfer like any other and takes the one path — duplicates, matching, the order's payment. Still
 * unreadable, it stays as it is (409).
 */
export async function retryUnreadableTransfer(ctx: AppContext, actorId: string, transferId: string, now: Date = new Date()): Promise<AdminTransfer> {
  await ctx.db.transaction(async (tx) => {
    const transfer = await lockOrThrow(tx, transferId);
    if (transfer.status !== TRANSFER_STATUS.INVALID) throw conflict(API_MESSAGES.transferNotInvalid);
    let body: unknown;
    try {
      body = JSON.parse(transfer.rawBody);
    } catch {
      throw conflict(API_MESSAGES.transferStillInvalid);
    }
    const shopAccount = ctx.config.bank.accountNumber;
    const sepay = transfer.provider === 'sepay' ? sepayNotification.safeParse(body) : null;
    const casso = transfer.provider === 'casso' ? cassoNotification.safeParse(body) : null;
    const notification = sepay?.success
      ? fromSepay(sepay.data, shopAccount, transfer.receivedAt)
      : casso?.success
        ? fromCasso(casso.data, shopAccount, transfer.receivedAt)
        : null;
    if (!notification) throw conflict(API_MESSAGES.transferStillInvalid);
    const { provider: _provider, providerTxId: _id, ...fields } = notification;
    await repo.updateTransfer(tx, transfer.id, { ...fields, status: TRANSFER_STATUS.RECEIVED, reason: '', handledAt: null, updatedAt: now });
    await writeAudit(tx, { actorId, action: TRANSFER_AUDIT.RETRY, entity: 'transfer', entityId: transfer.id, before: { status: transfer.status, reason: transfer.reason } });
    const stored = await repo.lockTransfer(tx, transfer.id);
    await handleLockedTransfer(ctx, tx, stored!, now);
  });
  return answer(ctx.db, transferId);
}

// ---------- manual records ----------

/**
 * Staff confirmed a bank order's payment by hand (ctx.moneyIn, called by the orders module inside the move's
 * transaction, the order locked): the money they saw is recorded as a 'manual' transfer of the order, counted as
 * received until a bank feed reports it (then 'verified', `verified_by` that transfer). Answers its id.
 */
export async function recordManualPayment(ctx: AppContext, tx: Tx, payment: ManualPayment): Promise<string> {
  const id = await repo.insertManualTransfer(tx, {
    provider: 'manual',
    providerTxId: `manual:${crypto.randomUUID()}`,
    rawBody: JSON.stringify({ order_code: payment.orderCode, received_vnd: payment.amountVnd, bank_reference: payment.reference }),
    direction: 'in',
    accountNumber: ctx.config.bank.accountNumber,
    amountVnd: payment.amountVnd,
    content: payment.orderCode,
    providerCode: payment.orderCode,
    reference: payment.reference,
    transactionAt: payment.now,
    receivedAt: payment.now,
    status: TRANSFER_STATUS.MANUAL,
    reason: '',
    orderId: payment.orderId,
    excessVnd: payment.excessVnd,
    source: 'manual',
    actorId: payment.actorId,
    handledAt: payment.now,
    updatedAt: payment.now,
  });
  await writeAudit(tx, {
    actorId: payment.actorId,
    action: TRANSFER_AUDIT.MANUAL,
    entity: 'transfer',
    entityId: id,
    after: { status: TRANSFER_STATUS.MANUAL, order_id: payment.orderId, amount_vnd: payment.amountVnd, bank_reference: payment.reference },
  });
  await announce(ctx, tx, id, EVENT_CAUSES.RECEIVED);
  return id;
}

/** Pulling what the bank feed missed (reconcile.ts): for the job, the console's routes and the alerts. */
export * from './reconcile.js';

// ---------- the day report ----------

/**
 * One shop day's books (GET …/admin/report): the money the feeds saw come into the shop's account, each movement
 * once, and where every đồng of it went — matched, attached by staff, unmatched (open or sent back) or unreadable.
 * `balanced` checks that identity; staff's manual records not yet seen by a feed are apart (`manual_vnd`).
 */
export async function dayReport(db: Db, day: { start: Date; end: Date; date: string }): Promise<AdminDayReport> {
  const [rows, verifiedVnd, sentVnd, transfersDue, ordersDue, orders, coins] = await Promise.all([
    repo.dayTransfersByStatus(db, day.start, day.end),
    repo.manualVerifiedIn(db, day.start, day.end),
    repo.refundsSentIn(db, day.start, day.end, [TRANSFER_AUDIT.REFUND, TRANSFER_AUDIT.REFUND_EXCESS, ORDER_REFUND_DONE]),
    repo.transferRefundsDue(db),
    refundsDueOfOrders(db),
    bankOrderDayFigures(db, day.start, day.end),
    coinDayFigures(db, day.start, day.end),
  ]);
  const feeds = rows.filter((row) => row.provider !== 'manual');
  const sum = (keep: (row: (typeof rows)[number]) => boolean, from = feeds) =>
    from.filter(keep).reduce((total, row) => ({ vnd: total.vnd + row.amountVnd, n: total.n + row.n }), { vnd: 0, n: 0 });
  const isIgnored = (row: (typeof rows)[number]) => row.direction !== 'in' || row.status === TRANSFER_STATUS.IGNORED;
  const counted = (row: (typeof rows)[number]) => !isIgnored(row) && row.status !== TRANSFER_STATUS.DUPLICATE;
  const received = sum(counted);
  const matched = sum((row) => counted(row) && row.status === TRANSFER_STATUS.MATCHED);
  const attached = sum((row) => counted(row) && row.status === TRANSFER_STATUS.ATTACHED);
  const unmatchedStatuses: string[] = [TRANSFER_STATUS.UNMATCHED, TRANSFER_STATUS.REFUNDED, TRANSFER_STATUS.RECEIVED];
  const unmatched = sum((row) => counted(row) && unmatchedStatuses.includes(row.status));
  const invalid = sum((row) => counted(row) && row.status === TRANSFER_STATUS.INVALID);
  const ignored = sum(isIgnored);
  const duplicate = sum((row) => row.direction === 'in' && row.status === TRANSFER_STATUS.DUPLICATE);
  const manual = sum((row) => row.status === TRANSFER_STATUS.MANUAL, rows);
  const byProvider = (provider: BankProvider) => {
    const money = sum((row) => counted(row) && row.provider === provider);
    return { received_vnd: money.vnd, count: money.n };
  };
  const difference = received.vnd - (matched.vnd + attached.vnd + unmatched.vnd + invalid.vnd);
  return {
    date: day.date,
    received_vnd: received.vnd,
    matched_vnd: matched.vnd,
    attached_vnd: attached.vnd,
    unmatched_vnd: unmatched.vnd,
    invalid_vnd: invalid.vnd,
    ignored_vnd: ignored.vnd,
    duplicate_vnd: duplicate.vnd,
    manual_vnd: manual.vnd,
    manual_verified_vnd: verifiedVnd,
    refunds_owed_vnd: transfersDue.amountVnd + ordersDue.amountVnd,
    refunds_sent_vnd: sentVnd,
    balanced: difference === 0,
    difference_vnd: difference,
    by_provider: { sepay: byProvider('sepay'), casso: byProvider('casso') },
    counts: {
      matched: matched.n,
      attached: attached.n,
      unmatched: unmatched.n,
      invalid: invalid.n,
      ignored: ignored.n,
      duplicate: duplicate.n,
      manual: manual.n,
    },
    orders: { bank_paid: orders.paid, bank_expired: orders.expired, bank_refunded: orders.refunded, unverified: orders.unverified },
    coins,
  };
}

/** Transfers by the bank's time in [start, end), oldest first, a page at a time (CSV export). */
export async function* transfersBetween(db: Db, start: Date, end: Date, pageSize = 1000): AsyncGenerator<AdminTransfer> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const page = await repo.pageTransfersBetween(db, start, end, after, pageSize);
    for (const row of page) yield toAdminTransfer(row);
    if (page.length < pageSize) return;
    const last = page[page.length - 1]!.transfer;
    after = { at: last.transactionAt, id: last.id };
  }
}
