/** Order rows as the lifecycle locks and changes them. Writes happen only under the order's row lock. */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { atRisk, overdue, promised } from './conditions.js';
import { orders } from '../../db/schema.js';

export type LockedOrder = typeof orders.$inferSelect;
export type OrderChanges = Partial<typeof orders.$inferInsert>;

/** Locks the order row until the transaction ends: concurrent admins, jobs and webhooks queue behind it. */
export async function lockOrder(tx: Db, orderId: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The same, found by its code (the bank-transfer memo). */
export async function lockOrderByCode(tx: Db, code: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
  return row;
}

/**
 * Locks the order only if it is still overdue (`overdue`) and nobody else holds it: another
 * instance's sweep (or an admin) working on it makes this return undefined instead of waiting.
 */
export async function lockOverdueOrder(tx: Db, orderId: string, now: Date): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), overdue(now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Orders the sweep settles at `now` (`overdue`), earliest due first. */
export async function findOverdueOrderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(overdue(now))
    .orderBy(asc(orders.dueAt), asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Marks promised orders that have just come within the at-risk window as alerted, once each, and
 * returns them; one statement, so two instances never both claim an order.
 */
export async function claimAtRiskOrders(tx: Db, now: Date, limit: number): Promise<{ id: string; userId: string }[]> {
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(atRisk(now), promised(), isNull(orders.atRiskAlertedAt)))
    .orderBy(asc(orders.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set({ atRiskAlertedAt: now })
    .where(and(isNull(orders.atRiskAlertedAt), inArray(orders.id, candidates)))
    .returning({ id: orders.id, userId: orders.userId });
}

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  await tx.update(orders).set(changes).where(eq(orders.id, orderId));
}
