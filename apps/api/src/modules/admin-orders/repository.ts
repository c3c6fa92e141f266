/**
 * Orders as the admin console sees them: with their customer, their (encrypted) game password and
 * their audit trail. Writes happen only inside a transaction that holds the order's row lock.
 */
import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS, PAY_METHOD, UNPAID_ORDER_EXPIRY_HOURS } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { customerOrderColumns } from '../../db/order-columns.js';
import { auditLog, coinLedger, orderLines, orders, storedFiles, users } from '../../db/schema.js';
import { foldedText } from '../../lib/search-sql.js';
import { likeContains, toSearchText } from '../../lib/search-text.js';

const OPEN_STATUSES = [ORDER_STATUS.PENDING, ORDER_STATUS.PROCESSING];

/** An open order due within this long is flagged at risk of missing the promise. */
export const AT_RISK_WINDOW_MS = 60 * 60 * 1000;

/**
 * The one definition of an order at risk: open (0, 1) and due within AT_RISK_WINDOW_MS of `now`, or
 * already past due. The row flag, the list filter and the dashboard count all use it.
 * An unpaid bank order is flagged by its placement due_at too, although the sweep does not settle it
 * then (see `overdue`): a transfer may be waiting for staff to confirm it, which re-promises the order
 * from the payment and clears the flag (docs/decisions/0008).
 */
function atRisk(now: Date): SQL {
  return and(inArray(orders.status, OPEN_STATUSES), lte(orders.dueAt, new Date(now.getTime() + AT_RISK_WINDOW_MS)))!;
}

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

export type LockedOrder = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type OrderChanges = Partial<typeof orders.$inferInsert>;

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

/** Locks the order row until the transaction ends: concurrent admins (and the job) queue behind it. */
export async function lockOrder(tx: Db, orderId: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

const UNPAID_ORDER_EXPIRY_MS = UNPAID_ORDER_EXPIRY_HOURS * 60 * 60 * 1000;

/** A bank order still waiting for its transfer (status 0). */
export const isUnpaidBankOrder = (order: { payMethod: number; status: number }): boolean =>
  order.payMethod === PAY_METHOD.BANK && order.status === ORDER_STATUS.PENDING;

/**
 * The one definition of an order the deadline sweep settles at `now` (docs/decisions/0005, 0008);
 * the candidates query and the lock-and-recheck both use it, so they cannot disagree:
 * - an unpaid bank order (0) once it is older than UNPAID_ORDER_EXPIRY_HOURS (created_at + window <
 *   now), whatever its due_at — it expires, it is never late;
 * - a paid bank order (1) or a coin order (0, 1) once past its due_at — it is late.
 */
function overdue(now: Date): SQL {
  const unpaidBank = and(eq(orders.payMethod, PAY_METHOD.BANK), eq(orders.status, ORDER_STATUS.PENDING))!;
  const promised = or(
    and(eq(orders.payMethod, PAY_METHOD.BANK), eq(orders.status, ORDER_STATUS.PROCESSING)),
    and(eq(orders.payMethod, PAY_METHOD.COIN), inArray(orders.status, OPEN_STATUSES)),
  )!;
  return or(
    and(unpaidBank, lt(orders.createdAt, new Date(now.getTime() - UNPAID_ORDER_EXPIRY_MS))),
    and(promised, lt(orders.dueAt, now)),
  )!;
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

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  await tx.update(orders).set(changes).where(eq(orders.id, orderId));
}

export async function insertAudit(tx: Db, row: typeof auditLog.$inferInsert): Promise<void> {
  await tx.insert(auditLog).values(row);
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
