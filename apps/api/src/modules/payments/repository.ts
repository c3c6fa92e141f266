/**
 * Bank transfers as the bank feed stores them and staff see them. A transfer row changes only inside a
 * transaction that holds its row lock (`lockTransfer…`); orders are locked after it, through the order
 * lifecycle, never before — webhooks and staff take the two locks in the same order.
 */
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIST_COUNT_CAP, TRANSFER_STATUS, type TransferStatus } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { bankTransfers } from '../../db/schema.js';
import { likeContains } from '../../lib/search-text.js';
import { orderCodeOf, orderIdsWithCodeLike } from '../orders/service.js';

export type TransferRow = typeof bankTransfers.$inferSelect;
export type NewTransfer = Omit<
  typeof bankTransfers.$inferInsert,
  'id' | 'status' | 'reason' | 'orderId' | 'excessVnd' | 'handledAt'
>;
export type TransferChanges = Partial<
  Pick<TransferRow, 'status' | 'reason' | 'orderId' | 'excessVnd' | 'excessRefundedAt' | 'handledAt' | 'updatedAt'>
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
