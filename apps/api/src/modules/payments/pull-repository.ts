/**
 * Where each provider's pulls have got to (`bank_feed_pulls`, migration 0008), and which pulled rows the
 * shop has recorded already. One row per provider, changed only inside a transaction that holds its lock.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BankProvider } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { bankFeedPulls, bankTransfers } from '../../db/schema.js';

export type PullRow = typeof bankFeedPulls.$inferSelect;

export async function findPulls(db: Db, providers: BankProvider[]): Promise<PullRow[]> {
  if (providers.length === 0) return [];
  return db.select().from(bankFeedPulls).where(inArray(bankFeedPulls.provider, providers));
}

/** The provider's row, created on its first pull, and locked. */
export async function lockPull(tx: Db, provider: BankProvider, now: Date): Promise<PullRow> {
  await tx.insert(bankFeedPulls).values({ provider, updatedAt: now }).onConflictDoNothing({ target: bankFeedPulls.provider });
  const [row] = await tx.select().from(bankFeedPulls).where(eq(bankFeedPulls.provider, provider)).for('update');
  return row!;
}

export async function updatePull(
  tx: Db,
  provider: BankProvider,
  changes: Partial<Pick<PullRow, 'cursor' | 'lastSuccessAt' | 'failingSince' | 'lastError' | 'alertedAt' | 'updatedAt'>>,
): Promise<void> {
  await tx.update(bankFeedPulls).set(changes).where(eq(bankFeedPulls.provider, provider));
}

/** Of these transaction ids, those the shop has stored, with their status. */
export async function storedTransfers(
  db: Db,
  provider: BankProvider,
  providerTxIds: string[],
): Promise<Map<string, string>> {
  if (providerTxIds.length === 0) return new Map();
  const rows = await db
    .select({ providerTxId: bankTransfers.providerTxId, status: bankTransfers.status })
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), inArray(bankTransfers.providerTxId, providerTxIds)));
  return new Map(rows.map((row) => [row.providerTxId, row.status]));
}
