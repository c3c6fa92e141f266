/** Customers with their coin figures, and their ledger, as the admin console reads them. */
import { count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { coinLedger, users } from '../../db/schema.js';
import { likeContains, toSearchText } from '../../lib/search-text.js';
import { orderCodeOf, orderCountOf, pendingCoinsOf } from '../orders/service.js';

/** The users table's id, qualified: drizzle leaves columns unqualified in a one-table select. */
const USERS_ID = sql.raw('"users"."id"');

// Correlated subqueries are spelled out: drizzle drops table prefixes in a one-table select.
const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  picture: users.picture,
  coinTotal: users.coinTotal,
  createdAt: users.createdAt,
  /** Coins held by open coin orders (status 0/1): the one definition coins/service uses too. */
  pendingCoins: pendingCoinsOf(USERS_ID),
  orderCount: orderCountOf(USERS_ID),
};

/** Email or accent-free name contains the keyword: both have a trigram index (migration 0004). */
function userFilter(q: string | null): SQL | undefined {
  const keyword = q ? toSearchText(q) : '';
  if (!keyword) return undefined;
  const pattern = likeContains(keyword);
  return or(sql`lower(${users.email}) like ${pattern}`, sql`${users.searchName} like ${pattern}`);
}

/** Newest accounts first; id breaks ties so pages never overlap. */
export function listUsers(db: Db, q: string | null, page: { limit: number; offset: number }) {
  return db
    .select(userColumns)
    .from(users)
    .where(userFilter(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

/** How many customers match, counted up to `cap` + 1 at most (LIST_COUNT_CAP). */
export async function countUsers(db: Db, q: string | null, cap: number): Promise<number> {
  const matches = db.select({ id: users.id }).from(users).where(userFilter(q)).limit(cap + 1).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}

const actor = alias(users, 'actor');

/** The user's ledger, newest first. */
export function listLedger(db: Db, userId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      id: coinLedger.id,
      delta: coinLedger.delta,
      balanceAfter: coinLedger.balanceAfter,
      reason: coinLedger.reason,
      orderId: coinLedger.orderId,
      orderCode: orderCodeOf(coinLedger.orderId),
      actorId: coinLedger.actorId,
      actorEmail: actor.email,
      note: coinLedger.note,
      createdAt: coinLedger.createdAt,
    })
    .from(coinLedger)
    .leftJoin(actor, eq(actor.id, coinLedger.actorId))
    .where(eq(coinLedger.userId, userId))
    .orderBy(desc(coinLedger.createdAt), desc(coinLedger.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The user's ledger rows, counted up to `cap` + 1 at most (LIST_COUNT_CAP). */
export async function countLedger(db: Db, userId: string, cap: number): Promise<number> {
  const rows = db.select({ id: coinLedger.id }).from(coinLedger).where(eq(coinLedger.userId, userId)).limit(cap + 1).as('rows');
  const [row] = await db.select({ n: count() }).from(rows);
  return row?.n ?? 0;
}
