/**
 * Orders as the admin console sees them: with their customer, their (encrypted) game password and
 * their audit trail. Writes happen only inside a transaction that holds the order's row lock.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS, PAY_METHOD } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { customerOrderColumns } from '../../db/order-columns.js';
import { atRisk } from '../../db/order-conditions.js';
import { auditLog, coinLedger, orderLines, orders, storedFiles, users } from '../../db/schema.js';
import { foldedText } from '../../lib/search-sql.js';
import { likeContains, toSearchText } from '../../lib/search-text.js';

/** A selected SQL boolean (both drivers give true/false; 't'/'f' is accepted in case one gives text). */
const toBoolean = (value: unknown): boolean => value === true || value === 't';

/** Every order column an admin may see, except the password (selected only where it is revealed). */
const adminColumns = (now: Date) => ({
  ...customerOrderColumns,
  userId: orders.userId,
  refundStatus: orders.refundStatus,
  paidAt: orders.paidAt,
  finishedAt: orders.finishedAt,
  updatedAt: orders.updatedAt,
  customerEmail: users.email,
  customerName: users.name,
  atRisk: sql<boolean>`(${atRisk(now)})`.mapWith(toBoolean),
});

export type OrderLineRow = typeof orderLines.$inferSelect;

export interface OrderFilter {
  status: number | null;
  payMethod: number | null;
  platformId: number | null;
  q: string | null;
  /** Only orders at risk at this time. */
  atRiskAt: Date | null;
}

function orderFilter(filter: OrderFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.atRiskAt !== null) conditions.push(atRisk(filter.atRiskAt));
  if (filter.status !== null) conditions.push(eq(orders.status, filter.status));
  if (filter.payMethod !== null) conditions.push(eq(orders.payMethod, filter.payMethod));
  if (filter.platformId !== null) conditions.push(eq(orders.platformId, filter.platformId));
  const keyword = filter.q ? toSearchText(filter.q) : '';
  if (keyword) {
    const pattern = likeContains(keyword);
    conditions.push(
      or(sql`lower(${orders.code}) like ${pattern}`, sql`lower(${users.email}) like ${pattern}`, sql`${foldedText(users.name)} like ${pattern}`)!,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of orders for the work queue. Open orders (0, 1) come first, the one due soonest on top,
 * so whoever works the queue meets the next deadline first; finished orders follow, most recently
 * finished first. Id breaks ties so pages never overlap.
 */
export function listOrders(db: Db, filter: OrderFilter, page: { limit: number; offset: number }, now: Date) {
  const open = sql`${orders.status} in (${ORDER_STATUS.PENDING}, ${ORDER_STATUS.PROCESSING})`;
  return db
    .select(adminColumns(now))
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(orderFilter(filter))
    .orderBy(
      sql`case when ${open} then 0 else 1 end`,
      sql`case when ${open} then ${orders.dueAt} end asc`,
      sql`${orders.finishedAt} desc nulls last`,
      desc(orders.createdAt),
      desc(orders.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export type AdminOrderRow = Awaited<ReturnType<typeof listOrders>>[number];

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(orderFilter(filter));
  return row?.n ?? 0;
}

/** One order as the console shows it, with whether it holds a password (never the password). */
export async function findOrder(db: Db, orderId: string, now: Date) {
  const [row] = await db
    .select({ ...adminColumns(now), hasPassword: sql<boolean>`(${orders.passEncrypted} is not null)`.mapWith(toBoolean) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * The order's encrypted game password, read in the transaction that audits the reveal;
 * undefined when there is no such order.
 */
export async function findPassword(tx: Db, orderId: string): Promise<{ passEncrypted: string | null } | undefined> {
  const [row] = await tx.select({ passEncrypted: orders.passEncrypted }).from(orders).where(eq(orders.id, orderId));
  return row;
}


/** The order's audit trail, oldest first, with who acted (null for the system). */
export function findOrderHistory(db: Db, orderId: string, skipActions: string[]) {
  return db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      actorEmail: users.email,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, 'order'),
        eq(auditLog.entityId, orderId),
        ...skipActions.map((action) => ne(auditLog.action, action)),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** Which of these stored-file ids exist. */
export async function existingFileIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, ids));
  return new Set(rows.map((row) => row.id));
}

// ---------- dashboard ----------
export async function countOrdersByStatusCreatedBetween(db: Db, from: Date, to: Date) {
  return db
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .groupBy(orders.status);
}

export async function revenueBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${orders.totalPriceVnd}), 0)` })
    .from(orders)
    .where(
      and(
        eq(orders.status, ORDER_STATUS.COMPLETED),
        eq(orders.payMethod, PAY_METHOD.BANK),
        gte(orders.finishedAt, from),
        lt(orders.finishedAt, to),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function coinFlowBetween(db: Db, from: Date, to: Date): Promise<{ issued: number; spent: number }> {
  const [row] = await db
    .select({
      issued: sql<string>`coalesce(sum(case when ${coinLedger.delta} > 0 then ${coinLedger.delta} else 0 end), 0)`,
      spent: sql<string>`coalesce(sum(case when ${coinLedger.delta} < 0 then -${coinLedger.delta} else 0 end), 0)`,
    })
    .from(coinLedger)
    .where(and(gte(coinLedger.createdAt, from), lt(coinLedger.createdAt, to)));
  return { issued: Number(row?.issued ?? 0), spent: Number(row?.spent ?? 0) };
}

export async function countAtRisk(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(atRisk(now));
  return row?.n ?? 0;
}

export async function countRefundsDue(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.refundStatus, 'due'));
  return row?.n ?? 0;
}

/** Rejected paid bank orders still owed back: how many, and how much (each order's whole total, 0005). */
export async function refundsDueTotal(db: Db): Promise<{ n: number; totalVnd: number }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${orders.totalPriceVnd}), 0)` })
    .from(orders)
    .where(eq(orders.refundStatus, 'due'));
  return { n: row?.n ?? 0, totalVnd: Number(row?.total ?? 0) };
}
