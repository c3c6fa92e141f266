/** Coin balances: the cached users.coin_total, the append-only coin_ledger and the coins held by open orders. */
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { orderCodeOf, pendingCoinsOf } from '../orders/service.js';
import { coinLedger, users } from '../../db/schema.js';

/** Locks the user's row until the transaction ends; every coin decision for that user waits on it. */
export async function lockCoinTotal(tx: Db, userId: string): Promise<number | null> {
  const [row] = await tx.select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId)).for('update');
  return row ? row.coinTotal : null;
}

export async function findCoinTotal(db: Db, userId: string): Promise<number | null> {
  const [row] = await db.select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  return row ? row.coinTotal : null;
}

export async function setCoinTotal(tx: Db, userId: string, coinTotal: number): Promise<void> {
  await tx.update(users).set({ coinTotal, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export type NewLedgerRow = typeof coinLedger.$inferInsert;
export type LedgerRow = typeof coinLedger.$inferSelect;

export async function insertLedgerRow(tx: Db, row: NewLedgerRow): Promise<LedgerRow> {
  const [inserted] = await tx.insert(coinLedger).values(row).returning();
  return inserted!;
}

/** The ledger row a staff member wrote with this Idempotency-Key, if any. */
export async function findByIdempotencyKey(db: Db, actorId: string, key: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(coinLedger)
    .where(and(eq(coinLedger.actorId, actorId), eq(coinLedger.idempotencyKey, key)));
  return row;
}

/** The sum of the user's ledger deltas of one reason written in [start, end) (the ledger's user index). */
export async function sumDeltasBetween(db: Db, userId: string, reason: string, start: Date, end: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${coinLedger.delta}), 0)` })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), gte(coinLedger.createdAt, start), lt(coinLedger.createdAt, end), eq(coinLedger.reason, reason)));
  return Number(row?.total ?? 0);
}

/** Coin cost of the user's coin-paid orders that are still open (status 0 or 1); 0 for an unknown user. */
export async function sumPendingCoins(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ pending: pendingCoinsOf(sql.raw('"users"."id"')) }).from(users).where(eq(users.id, userId));
  return row?.pending ?? 0;
}

/** One day's ledger (by the row's time) per reason: coins credited and debited. */
export async function ledgerDayByReason(db: Db, start: Date, end: Date): Promise<{ reason: string; creditedCoins: number; debitedCoins: number }[]> {
  const rows = await db
    .select({
      reason: coinLedger.reason,
      credited: sql<string>`coalesce(sum(greatest(${coinLedger.delta}, 0)), 0)`,
      debited: sql<string>`coalesce(sum(greatest(-${coinLedger.delta}, 0)), 0)`,
    })
    .from(coinLedger)
    .where(and(gte(coinLedger.createdAt, start), lt(coinLedger.createdAt, end)))
    .groupBy(coinLedger.reason);
  return rows.map((row) => ({ reason: row.reason, creditedCoins: Number(row.credited), debitedCoins: Number(row.debited) }));
}

const ledgerActor = alias(users, 'ledger_actor');

/**
 * Ledger rows in [start, end), in the order they were written, a page at a time: for the CSV export. Keyed on the
 * id alone (a sequence): created_at holds microseconds a JavaScript Date would round away.
 */
export function pageLedgerBetween(db: Db, start: Date, end: Date, afterId: number | null, limit: number) {
  return db
    .select({
      id: coinLedger.id,
      createdAt: coinLedger.createdAt,
      customerEmail: users.email,
      delta: coinLedger.delta,
      balanceAfter: coinLedger.balanceAfter,
      reason: coinLedger.reason,
      orderCode: orderCodeOf(coinLedger.orderId),
      actorEmail: ledgerActor.email,
      note: coinLedger.note,
    })
    .from(coinLedger)
    .innerJoin(users, eq(users.id, coinLedger.userId))
    .leftJoin(ledgerActor, eq(ledgerActor.id, coinLedger.actorId))
    .where(
      and(
        gte(coinLedger.createdAt, start),
        lt(coinLedger.createdAt, end),
        afterId === null ? undefined : gt(coinLedger.id, afterId),
      ),
    )
    .orderBy(asc(coinLedger.id))
    .limit(limit);
}
export type ExportedLedgerRow = Awaited<ReturnType<typeof pageLedgerBetween>>[number];
