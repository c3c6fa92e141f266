/** Coin balances: the cached users.coin_total, the append-only coin_ledger and the coins held by open orders. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pendingCoinsOf } from '../orders/service.js';
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

/** Coin cost of the user's coin-paid orders that are still open (status 0 or 1); 0 for an unknown user. */
export async function sumPendingCoins(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ pending: pendingCoinsOf(sql.raw('"users"."id"')) }).from(users).where(eq(users.id, userId));
  return row?.pending ?? 0;
}
