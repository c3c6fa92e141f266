/**
 * Bank transfers as the bank feed stores them and staff see them. A transfer row changes only inside a
 * transaction that holds its row lock (`lockTransfer…`); orders are locked after it, through the order
 * lifecycle, never before — webhooks and staff take the two locks in the same order.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIST_COUNT_CAP, TRANSFER_STATUS, type TransferStatus } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, bankTransfers } from '../../db/schema.js';
import { likeContains } from '../../lib/search-text.js';
import { orderCodeOf, orderIdsWithCodeLike } from '../orders/service.js';

export type TransferRow = typeof bankTransfers.$inferSelect;
export type NewTransfer = Omit<
  typeof bankTransfers.$inferInsert,
  'id' | 'orderId' | 'excessVnd' | 'handledAt' | 'duplicateOf' | 'verifiedBy' | 'actorId'
>;
export type TransferChanges = Partial<
  Pick<
    TransferRow,
    'status' | 'reason' | 'orderId' | 'excessVnd' | 'excessRefundedAt' | 'handledAt' | 'updatedAt' | 'duplicateOf' | 'verifiedBy'
  > &
    Pick<NewTransfer, 'direction' | 'accountNumber' | 'amountVnd' | 'content' | 'providerCode' | 'reference' | 'transactionAt'>
>;

/**
 * Stores a notification unless one with the same (provider, provider_tx_id) is already there: a retry,
 * a replay or a simultaneous duplicate inserts nothing and leaves the first row as it is.
 */
export async function insertTransfer(db: Db, transfer: NewTransfer): Promise<void> {
  await db
    .insert(bankTransfers)
    .values(transfer)
    .onConflictDoNothing({ target: [bankTransfers.provider, bankTransfers.providerTxId] });
}

/** Staff's record of a payment they saw: stored already handled, as 'manual'. */
export async function insertManualTransfer(tx: Db, transfer: typeof bankTransfers.$inferInsert): Promise<string> {
  const [row] = await tx.insert(bankTransfers).values(transfer).returning({ id: bankTransfers.id });
  return row!.id;
}

/**
 * Serialises the handling of transfers of one amount to one account (until the transaction ends): two providers'
 * reports of one movement, arriving at once, are then decided one after the other, so the second sees the first.
 */
export async function lockMovement(tx: Db, accountNumber: string, amountVnd: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`transfer:${accountNumber}:${amountVnd}`}))`);
}

/** Letters and digits of a memo, lower-case: the two providers write one memo with different spacing. */
const compactMemo = (column: SQLWrapper) => sql`regexp_replace(lower(${column}), '[^a-z0-9]', '', 'g')`;

/**
 * The first report of the same bank movement by another provider, if one is stored: incoming to the same
 * account, with the same bank reference, or the same amount, memo and minute. Neither a duplicate, a manual
 * record nor an unreadable notification counts as a first report.
 */
export async function findFirstReport(tx: Db, transfer: TransferRow): Promise<TransferRow | undefined> {
  const another = and(
    ne(bankTransfers.provider, transfer.provider),
    ne(bankTransfers.id, transfer.id),
    eq(bankTransfers.direction, 'in'),
    eq(bankTransfers.accountNumber, transfer.accountNumber),
    eq(bankTransfers.amountVnd, transfer.amountVnd),
    notInArray(bankTransfers.status, [TRANSFER_STATUS.DUPLICATE, TRANSFER_STATUS.MANUAL, TRANSFER_STATUS.VERIFIED, TRANSFER_STATUS.INVALID, TRANSFER_STATUS.RECEIVED]),
  );
  const first = (where: SQL | undefined) =>
    tx.select().from(bankTransfers).where(and(another, where)).orderBy(asc(bankTransfers.receivedAt)).limit(1);
  // By reference and by memo apart, each through its own index (0008's reference index, 0011's memo index): asked
  // as one condition with an OR, PostgreSQL read every transfer of the amount, one more with each payment.
  const [byReference] = transfer.reference
    ? await first(and(eq(bankTransfers.reference, transfer.reference), ne(bankTransfers.reference, '')))
    : [];
  const [byMemo] = await first(
    and(
      sql`${compactMemo(bankTransfers.content)} = ${transfer.content.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
      // The same minute compared truncated, which no index serves: as a range it fit bank_transfers_transaction_idx,
      // and a kept plan read the minute's every transfer through it. Amount and memo find it (migration 0017).
      sql`date_trunc('minute', ${bankTransfers.transactionAt}) = date_trunc('minute', ${transfer.transactionAt.toISOString()}::timestamptz)`,
    ),
  );
  if (!byReference || !byMemo) return byReference ?? byMemo;
  return byMemo.receivedAt.getTime() < byReference.receivedAt.getTime() ? byMemo : byReference;
}

/**
 * A manual record of `orderId` (or, when no order is named, of any order with that bank reference) for exactly
 * `amountVnd` that no feed has reported yet, locked.
 */
export async function lockManualToVerify(
  tx: Db,
  match: { orderId: string | null; amountVnd: number; reference: string },
): Promise<TransferRow | undefined> {
  const by = match.orderId
    ? eq(bankTransfers.orderId, match.orderId)
    : match.reference
      ? eq(bankTransfers.reference, match.reference)
      : undefined;
  if (!by) return undefined;
  const [row] = await tx
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.status, TRANSFER_STATUS.MANUAL), eq(bankTransfers.amountVnd, match.amountVnd), by))
    .orderBy(asc(bankTransfers.receivedAt))
    .limit(1)
    .for('update');
  return row;
}

/** An unverified manual record with this bank reference and amount (not locked: its order is locked first). */
export async function findManualByReference(tx: Db, amountVnd: number, reference: string): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.status, TRANSFER_STATUS.MANUAL), eq(bankTransfers.amountVnd, amountVnd), eq(bankTransfers.reference, reference)))
    .orderBy(asc(bankTransfers.receivedAt))
    .limit(1);
  return row;
}

export async function lockTransferByProviderTx(
  tx: Db,
  provider: string,
  providerTxId: string,
): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, providerTxId)))
    .for('update');
  return row;
}

export async function lockTransfer(tx: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for('update');
  return row;
}

/** Locks the transfer unless another transaction holds it (then undefined, without waiting). */
export async function lockTransferIfFree(tx: Db, id: string): Promise<TransferRow | undefined> {
  const [row] = await tx.select().from(bankTransfers).where(eq(bankTransfers.id, id)).for('update', { skipLocked: true });
  return row;
}

/** Transfers stored before `before` and still waiting to be handled, oldest first. */
export async function findStuckTransferIds(db: Db, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bankTransfers.id })
    .from(bankTransfers)
    .where(and(eq(bankTransfers.status, 'received'), lt(bankTransfers.receivedAt, before)))
    .orderBy(asc(bankTransfers.receivedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function updateTransfer(tx: Db, id: string, changes: TransferChanges): Promise<void> {
  await tx.update(bankTransfers).set(changes).where(eq(bankTransfers.id, id));
}

/** A transfer with the code of the order it names (matched, attached, or the order it could not pay). */
const listColumns = { transfer: bankTransfers, orderCode: orderCodeOf(bankTransfers.orderId) };

export async function findTransfer(db: Db, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(bankTransfers)
    .where(eq(bankTransfers.id, id));
  return row;
}

export interface TransferFilter {
  status: TransferStatus | null;
  /** Matched against the memo, the bank's reference and the order code (contains, any case). */
  keyword: string | null;
  /** The amount in VND, when the keyword reads as one. */
  amountVnd: number | null;
}

function transferFilter(filter: TransferFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status !== null) conditions.push(eq(bankTransfers.status, filter.status));
  if (filter.keyword) {
    const pattern = likeContains(filter.keyword.toLowerCase());
    const matches = [
      sql`lower(${bankTransfers.content}) like ${pattern}`,
      sql`lower(${bankTransfers.reference}) like ${pattern}`,
      sql`${bankTransfers.orderId} in (${orderIdsWithCodeLike(pattern)})`,
    ];
    if (filter.amountVnd !== null) matches.push(eq(bankTransfers.amountVnd, filter.amountVnd));
    conditions.push(or(...matches)!);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Newest received first; id breaks ties so pages never overlap. */
export function listTransfers(db: Db, filter: TransferFilter, page: { limit: number; offset: number }) {
  return db
    .select(listColumns)
    .from(bankTransfers)
    .where(transferFilter(filter))
    .orderBy(desc(bankTransfers.receivedAt), desc(bankTransfers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type ListedTransfer = Awaited<ReturnType<typeof listTransfers>>[number];

/** How many transfers match, counted up to LIST_COUNT_CAP + 1 at most: a count never reads the whole history. */
export async function countTransfers(db: Db, filter: TransferFilter): Promise<number> {
  const matches = db
    .select({ id: bankTransfers.id })
    .from(bankTransfers)
    .where(transferFilter(filter))
    .limit(LIST_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

const sumWhere = (condition: SQL, amount: SQLWrapper = bankTransfers.amountVnd) =>
  sql<string>`coalesce(sum(case when ${condition} then ${amount} else 0 end), 0)`;
const countWhere = (condition: SQL) => sql<string>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

/**
 * One day's transfers by the bank's time (as on the bank statement): money received (incoming and not
 * ignored — to another account is not ours), matched (by itself or by staff) and still unmatched.
 */
export async function dayTotals(db: Db, start: Date, end: Date) {
  const received = and(eq(bankTransfers.direction, 'in'), ne(bankTransfers.status, TRANSFER_STATUS.IGNORED))!;
  const matched = inArray(bankTransfers.status, [TRANSFER_STATUS.MATCHED, TRANSFER_STATUS.ATTACHED]);
  const unmatched = eq(bankTransfers.status, TRANSFER_STATUS.UNMATCHED);
  const [row] = await db
    .select({
      receivedVnd: sumWhere(received),
      receivedCount: countWhere(received),
      matchedVnd: sumWhere(matched),
      matchedCount: countWhere(matched),
      unmatchedVnd: sumWhere(unmatched),
      unmatchedCount: countWhere(unmatched),
    })
    .from(bankTransfers)
    .where(and(gte(bankTransfers.transactionAt, start), lt(bankTransfers.transactionAt, end)));
  return {
    receivedVnd: Number(row?.receivedVnd ?? 0),
    receivedCount: Number(row?.receivedCount ?? 0),
    matchedVnd: Number(row?.matchedVnd ?? 0),
    matchedCount: Number(row?.matchedCount ?? 0),
    unmatchedVnd: Number(row?.unmatchedVnd ?? 0),
    unmatchedCount: Number(row?.unmatchedCount ?? 0),
  };
}

/**
 * Money staff owe back out of the transfers, all days: unmatched transfers still open (their whole
 * amount) and overpayments whose excess has not been sent back yet.
 */
export async function transferRefundsDue(db: Db): Promise<{ count: number; amountVnd: number }> {
  const open = eq(bankTransfers.status, TRANSFER_STATUS.UNMATCHED);
  const excessOwed = and(
    inArray(bankTransfers.status, [TRANSFER_STATUS.MATCHED, TRANSFER_STATUS.ATTACHED]),
    sql`${bankTransfers.excessVnd} > 0`,
    isNull(bankTransfers.excessRefundedAt),
  )!;
  const [row] = await db
    .select({
      openVnd: sumWhere(open),
      openCount: countWhere(open),
      excessVnd: sumWhere(excessOwed, bankTransfers.excessVnd),
      excessCount: countWhere(excessOwed),
    })
    .from(bankTransfers)
    .where(or(open, excessOwed));
  return {
    count: Number(row?.openCount ?? 0) + Number(row?.excessCount ?? 0),
    amountVnd: Number(row?.openVnd ?? 0) + Number(row?.excessVnd ?? 0),
  };
}

/** One day's transfers (by the bank's time) per provider and status: sums and counts, for the day report. */
export async function dayTransfersByStatus(db: Db, start: Date, end: Date) {
  const rows = await db
    .select({
      provider: bankTransfers.provider,
      status: bankTransfers.status,
      direction: bankTransfers.direction,
      amount: sql<string>`coalesce(sum(${bankTransfers.amountVnd}), 0)`,
      n: count(),
    })
    .from(bankTransfers)
    .where(and(gte(bankTransfers.transactionAt, start), lt(bankTransfers.transactionAt, end)))
    .groupBy(bankTransfers.provider, bankTransfers.status, bankTransfers.direction);
  return rows.map((row) => ({ ...row, amountVnd: Number(row.amount) }));
}

/** Manual records a feed verified within [start, end), by the verifying transfer's bank time. */
export async function manualVerifiedIn(db: Db, start: Date, end: Date): Promise<number> {
  const verifier = alias(bankTransfers, 'verifier');
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum(${bankTransfers.amountVnd}), 0)` })
    .from(bankTransfers)
    .innerJoin(verifier, eq(verifier.id, bankTransfers.verifiedBy))
    .where(and(eq(bankTransfers.status, TRANSFER_STATUS.VERIFIED), gte(verifier.transactionAt, start), lt(verifier.transactionAt, end)));
  return Number(row?.amount ?? 0);
}

/** Money staff recorded as sent back within [start, end) (audit rows of refunds, each with its amount). */
export async function refundsSentIn(db: Db, start: Date, end: Date, actions: string[]): Promise<number> {
  const [row] = await db
    .select({ amount: sql<string>`coalesce(sum((${auditLog.after}->>'amount_vnd')::bigint), 0)` })
    .from(auditLog)
    .where(and(inArray(auditLog.action, actions), gte(auditLog.createdAt, start), lt(auditLog.createdAt, end)));
  return Number(row?.amount ?? 0);
}

/** Transfers by the bank's time in [start, end), oldest first, a page at a time (keyset): for the CSV export. */
export function pageTransfersBetween(db: Db, start: Date, end: Date, after: { at: Date; id: string } | null, limit: number) {
  return db
    .select(listColumns)
    .from(bankTransfers)
    .where(
      and(
        gte(bankTransfers.transactionAt, start),
        lt(bankTransfers.transactionAt, end),
        after ? sql`(${bankTransfers.transactionAt}, ${bankTransfers.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(bankTransfers.transactionAt), asc(bankTransfers.id))
    .limit(limit);
}
