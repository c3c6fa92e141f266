/**
 * Orders as the admin console sees them: with their customer, their (encrypted) game password and
 * their audit trail. Writes happen only inside a transaction that holds the order's row lock.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ORDER_STATUS } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { customerOrderColumns } from './columns.js';
import { atRisk, isOpen } from './conditions.js';
import { auditLog, orderLines, orders, shopDayFigures, storedFiles, userOrderCounts, users } from '../../db/schema.js';
import { likeContains, toSearchText } from '../../lib/search-text.js';

/** A selected SQL boolean (both drivers give true/false; 't'/'f' is accepted in case one gives text). */
const toBoolean = (value: unknown): boolean => value === true || value === 't';

/** Every order column an admin may see, except the password (selected only where it is revealed). */
const adminColumns = (now: Date) => ({
  ...customerOrderColumns,
  userId: orders.userId,
  refundStatus: orders.refundStatus,
  receivedVnd: orders.receivedVnd,
  excessVnd: orders.excessVnd,
  unverifiedVnd: orders.unverifiedVnd,
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
  /** Contained in the order's code or its customer's email or name (matchKeyword). */
  keyword?: KeywordMatch | null;
  /** Only orders at risk at this time. */
  atRiskAt: Date | null;
  /** Only this order (the one whose code the keyword is). */
  orderId?: string | null;
}

/**
 * Orders in one status, the status written as a literal. A statement run often keeps a plan made without its
 * values (db/named-statements.ts); with the status a parameter, that plan could not use the partial indexes on
 * open orders (it cannot prove `status = $1` is an open status), so filtering the queue by 'Đang xử lý' counted
 * its matches by reading the whole table, on every call. Each status is its own statement with its own plan,
 * four texts at most.
 */
function inStatus(status: number): SQL {
  if (!(Object.values(ORDER_STATUS) as number[]).includes(status)) throw new Error(`unknown order status ${status}`);
  return sql`${orders.status} = ${sql.raw(String(status))}`;
}

/** Every filter but the keyword: conditions on the order row itself. */
function rowFilter(filter: OrderFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.atRiskAt !== null) conditions.push(atRisk(filter.atRiskAt));
  if (filter.status !== null) conditions.push(inStatus(filter.status));
  if (filter.payMethod !== null) conditions.push(eq(orders.payMethod, filter.payMethod));
  if (filter.platformId !== null) conditions.push(eq(orders.platformId, filter.platformId));
  if (filter.orderId) conditions.push(eq(orders.id, filter.orderId));
  return conditions;
}

/**
 * A keyword's customers: their ids when there are at most FEW_CUSTOMERS (a name, an email), null when
 * more (a common surname). Asked first and on its own, because no statistic tells the planner how many
 * customers a "contains" pattern matches: it guessed a hundred for one full name and walked sixty
 * thousand orders of the queue to find that customer's twenty. Given the ids, it knows.
 */
export interface KeywordMatch {
  /** The keyword as searched (toSearchText), and its LIKE pattern (likeContains). */
  keyword: string;
  pattern: string;
  customerIds: string[] | null;
  /**
   * Whether an order's code could contain the keyword. Codes are letters and digits only, so a keyword with
   * anything else (an email's '@' or '.', the space between names) names customers alone: its code branch
   * would find nothing, and is not asked.
   */
  inCodes: boolean;
}

const FEW_CUSTOMERS = 200;

/**
 * A keyword's few customers as a list of parameters whose length is a power of two, the last id repeated to fill
 * it: `in ($1, $2, $3, $3)`. Their statements are sent named and kept (carriesKeyword), and PostgreSQL keeps a
 * generic plan only when it costs no more than the plans it made for the values. Given an array, the generic plan
 * cannot know its length and reckons with ten customers' orders, so at a million orders (a hundred per customer)
 * it never won against one or two customers', and every search was planned again: 0.7 ms of PostgreSQL's time
 * each, against 0.1 ms at a thousand orders, where the generic plan was kept. With the count written into the
 * statement both plans reckon with the same rows, and the generic one is kept; a handful of lengths make a
 * handful of statements. None when `ids` is empty: the caller writes the condition that matches no one.
 */
function customerIdList(ids: readonly string[]): SQL {
  const size = 2 ** Math.ceil(Math.log2(ids.length));
  const padded = Array.from({ length: size }, (_, i) => sql`${ids[Math.min(i, ids.length - 1)]}::uuid`);
  return sql`(${sql.join(padded, sql`, `)})`;
}

/**
 * Runs a keyword's statement unnamed, so PostgreSQL plans it for its parameters on every call. Its best plan
 * depends on the keyword (the customers' trigram indexes for a rare one; a customer's hundred orders sorted, or
 * the queue's index walked for a common surname); the generic plan a named statement (db/named-statements.ts)
 * settles on after a few calls cannot know, and read every customer, or walked a million orders for an email
 * that matches none. node-postgres sends a statement whose name is '' unnamed, and named-statements.ts names
 * only those sent without a name; PGlite has no names. Parsed again on each call, it still costs less than the
 * transaction and `set local plan_cache_mode` it replaces: three round trips more per search.
 */
function plannedEachCall<T>(query: { prepare(name: string): { execute(): Promise<T> } }): Promise<T> {
  return query.prepare('').execute();
}

/**
 * Customers whose email or accent-free name contains the keyword. A keyword with an '@' is an email or part of
 * one, and its domain is shared by many customers (every gmail.com address holds the same trigrams): the email
 * index read each of those trigrams' list of customers, most of them, to find the one or two the part before
 * the '@' names (5.5 ms of PostgreSQL's time per probe at 10k customers; 2 ms this way). The index is asked
 * for the keyword up to its '@' instead, whose trigrams are some of the whole keyword's, and the whole keyword
 * is checked on the few customers that gives (strpos, which no index serves, so the planner cannot add the
 * domain back into the index's condition): an email that contains the keyword contains that part, so the same
 * customers are found. Only when that part holds three letters or digits in a row: with fewer it may have no
 * trigram at all, and the index would be read whole.
 */
function customerMatches({ keyword, pattern }: Pick<KeywordMatch, 'keyword' | 'pattern'>): SQL {
  const at = keyword.indexOf('@');
  const beforeAt = at > 0 ? keyword.slice(0, at + 1) : '';
  const email = /[0-9a-z]{3}/.test(beforeAt)
    ? sql`(lower(${users.email}) like ${likeContains(beforeAt)} and strpos(lower(${users.email}), ${keyword}) > 0)`
    : sql`lower(${users.email}) like ${pattern}`;
  return sql`${email} or ${users.searchName} like ${pattern}`;
}

export async function matchKeyword(db: Db, q: string | null, few = FEW_CUSTOMERS): Promise<KeywordMatch | null> {
  const keyword = q ? toSearchText(q) : '';
  if (!keyword) return null;
  const pattern = likeContains(keyword);
  const found = await plannedEachCall(db.select({ id: users.id }).from(users).where(customerMatches({ keyword, pattern })).limit(few + 1));
  return { keyword, pattern, customerIds: found.length > few ? null : found.map((row) => row.id), inCodes: /^[0-9a-z]+$/.test(keyword) };
}

/**
 * Whether a filter's statements carry its keyword, as a pattern to match (the customers' subquery, the codes'
 * branch): only those are planned for each call (plannedEachCall). Given the few customers' ids instead, they
 * are the same text for every keyword, read those customers' orders off their index whatever the ids, and are
 * sent named: parsed once per connection rather than on each search.
 */
const carriesKeyword = (filter: OrderFilter): boolean =>
  !!filter.keyword && (filter.keyword.customerIds === null || filter.keyword.inCodes);

/**
 * A keyword matches an order whose customer's email or accent-free name contains it, or whose code does.
 * The two are asked separately, each with its own indexes (trigram indexes on users' lower(email) and
 * search_name, and on orders' lower(code), migration 0004), and never overlap (a code match of a matching
 * customer counts as the customer's): an OR across the join would make PostgreSQL test every order.
 * By customer, PostgreSQL picks between the few customers' orders, sorted, and walking the queue's index
 * until a page is found (many customers).
 */
function keywordBranches(filter: OrderFilter): SQL[] | null {
  const match = filter.keyword;
  if (!match) return null;
  const ids = match.customerIds;
  const customers = sql`select ${users.id} from ${users} where ${customerMatches(match)}`;
  const ofCustomers =
    ids === null ? sql`${orders.userId} in (${customers})` : ids.length === 0 ? sql`false` : sql`${orders.userId} in ${customerIdList(ids)}`;
  const notOfCustomers =
    ids === null ? sql`${orders.userId} not in (${customers})` : ids.length === 0 ? sql`true` : sql`${orders.userId} not in ${customerIdList(ids)}`;
  const byCustomer = and(...rowFilter(filter), ofCustomers)!;
  if (!match.inCodes) return [byCustomer];
  return [byCustomer, and(...rowFilter(filter), sql`lower(${orders.code}) like ${match.pattern}`, notOfCustomers)!];
}

/**
 * The work queue's order: open orders (0, 1) first, the one due soonest on top, so whoever works the
 * queue meets the next deadline first; finished orders follow, most recently finished first. Id breaks
 * ties so pages never overlap. Spelled exactly as the index orders_queue_idx (schema.ts), which then
 * hands out a page without sorting the history.
 */
const QUEUE_ORDER: SQL[] = [
  sql`(case when ${isOpen()} then 0 else 1 end)`,
  sql`(case when ${isOpen()} then ${orders.dueAt} end)`,
  sql`${orders.finishedAt} desc nulls last`,
  desc(orders.createdAt),
  desc(orders.id),
];

/** The orders a filter matches, counted up to `cap` + 1 at most: a count never reads the whole history. */
function cappedCount(db: Db, filter: OrderFilter, cap: number): SQL<number> {
  const match = filter.keyword;
  // A keyword that names a few customers and nothing else (no code, no other filter): their kept order counts
  // (migration 0012), one row each, where counting read every order they placed (a hundred each at 1M).
  if (match && !match.inCodes && match.customerIds !== null && rowFilter(filter).length === 0) {
    const ids = match.customerIds;
    const ofCustomers = ids.length === 0 ? sql`false` : sql`${userOrderCounts.userId} in ${customerIdList(ids)}`;
    return sql<number>`(select least(coalesce(sum(${userOrderCounts.orders}), 0), ${cap + 1})::int from ${userOrderCounts}
      where ${ofCustomers})`.mapWith(Number);
  }
  const branches = keywordBranches(filter) ?? [and(...rowFilter(filter))];
  const parts = branches.map((where) => sql`(${db.select({ id: orders.id }).from(orders).where(where).limit(cap + 1)})`);
  return sql<number>`(select least(count(*), ${cap + 1})::int from (${sql.join(parts, sql` union all `)}) matches)`.mapWith(Number);
}

/** A time as `Date.prototype.toISOString` writes it (UTC, milliseconds, 'Z'); null stays null. */
const isoTime = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A queue row as the console reads it (admin.ts toRow, @lucky/shared adminOrderRow), written by PostgreSQL as
 * JSON from the orders row and its customer's: the page is sent as PostgreSQL wrote it, not decoded, mapped,
 * validated and encoded again row by row (twenty rows of thirty fields were most of a search's cost in the API).
 */
const adminRowJson = (now: Date) => sql`json_build_object(
  'id', ${orders.id}, 'code', ${orders.code}, 'status', ${orders.status}, 'pay_method', ${orders.payMethod},
  'pay_qr_code', ${orders.payQrCode}, 'platform_id', ${orders.platformId}, 'platform_name', ${orders.platformName},
  'stores', (select coalesce(json_agg(json_build_object('store_id', l.store_id, 'name', l.name, 'price', l.price_vnd,
      'coin', l.coin_cost, 'gift_coin', l.gift_coin, 'quantity', l.quantity) order by l.position), '[]')
    from ${orderLines} l where l.order_id = ${orders.id}),
  'total_price', ${orders.totalPriceVnd}, 'total_coin', ${orders.totalCoin}, 'total_gift_coin', ${orders.totalGiftCoin},
  'order_bank_name', ${orders.bankName}, 'order_contact', ${orders.contact}, 'order_account', ${orders.account},
  'order_server', ${orders.server}, 'order_uid', ${orders.uid}, 'order_comment', ${orders.comment},
  'result_comment', ${orders.resultComment}, 'result_picture', ${orders.resultPicture},
  'created_at', ${isoTime(orders.createdAt)}, 'due_at', ${isoTime(orders.dueAt)},
  'user_id', ${orders.userId}, 'customer_email', ${users.email}, 'customer_name', ${users.name},
  'paid_at', ${isoTime(orders.paidAt)}, 'finished_at', ${isoTime(orders.finishedAt)}, 'updated_at', ${isoTime(orders.updatedAt)},
  'refund_status', (case when ${orders.refundStatus} in ('due', 'done') then ${orders.refundStatus} end),
  'at_risk', (${atRisk(now)}),
  'received_vnd', ${orders.receivedVnd},
  -- lifecycle.ts refundOwed: what was received, less the excess its transfers owe already, never below zero.
  'refund_vnd', greatest(${orders.receivedVnd} - ${orders.excessVnd}, 0),
  'payment_unverified', (${orders.unverifiedVnd} > 0))`;

/**
 * One page of the queue (QUEUE_ORDER) with the capped count of every order the filter matches, as the response
 * body: `{ rows, total }` JSON text in the console's wire shape (@lucky/shared adminOrderList), each row with its
 * lines (adminRowJson). One statement whatever the history's size; the count is an uncorrelated subquery,
 * counted once.
 */
export async function listOrdersBody(db: Db, filter: OrderFilter, page: { limit: number; offset: number }, now: Date, cap: number): Promise<string> {
  const branches = keywordBranches(filter);
  // With a keyword: the page lies within the first offset + limit orders of each branch in queue order.
  const within = (where: SQL) =>
    sql`(${db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...QUEUE_ORDER)
      .limit(page.offset + page.limit)})`;
  // The page's rows with their queue keys, aggregated in queue order (an aggregate keeps no order of its own).
  const rows = db
    .select({
      row: sql`${adminRowJson(now)}`.as('row'),
      k0: sql`(case when ${isOpen()} then 0 else 1 end)`.as('k0'),
      k1: sql`(case when ${isOpen()} then ${orders.dueAt} end)`.as('k1'),
      k2: sql`${orders.finishedAt}`.as('k2'),
      k3: sql`${orders.createdAt}`.as('k3'),
      k4: sql`${orders.id}`.as('k4'),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(branches ? sql`${orders.id} in (${sql.join(branches.map(within), sql` union all `)})` : and(...rowFilter(filter)))
    .orderBy(...QUEUE_ORDER)
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  const query = db
    .select({
      body: sql<string>`json_build_object('rows', coalesce((select json_agg(${rows.row} order by ${rows.k0}, ${rows.k1}, ${rows.k2} desc nulls last, ${rows.k3} desc, ${rows.k4} desc) from ${rows}), '[]'),
        'total', ${cappedCount(db, filter, cap)})::text`,
    })
    .from(sql`(select 1) one`);
  const [row] = carriesKeyword(filter) ? await plannedEachCall(query) : await query.execute();
  if (!row) throw new Error('the queue page statement gave no row');
  return row.body;
}

export type AdminOrderRow = Omit<NonNullable<Awaited<ReturnType<typeof findOrder>>>, 'hasPassword'>;

/** The id of the order with exactly this code (codes are stored upper-case), if there is one. */
export async function findOrderIdByCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, code.toUpperCase()));
  return row?.id ?? null;
}

/** How many orders match, counted up to `cap` + 1 at most (for a page past the last, which has no row to carry it). */
export async function countOrders(db: Db, filter: OrderFilter, cap: number): Promise<number> {
  const query = db.select({ n: cappedCount(db, filter, cap) }).from(sql`(select 1) one`);
  const [row] = carriesKeyword(filter) ? await plannedEachCall(query) : await query.execute();
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

/** Refund still owed, written as the partial index orders_refund_due_idx's condition (see isOpen). */
const refundDue = sql`${orders.refundStatus} = 'due'`;

/**
 * The dashboard in one statement: the day's figures (shop_day_figures, kept by triggers: the sum of the day's
 * shards, zeros when nothing happened), orders at risk and refunds owed (small partial indexes on orders).
 */
export async function dashboardFigures(db: Db, day: string, now: Date) {
  const total = (column: SQLWrapper) => sql<string>`coalesce(sum(${column}), 0)`;
  // Uncorrelated, so each is counted once beside the sums (and a day with no row still gives one row of zeros).
  const countOf = (where: SQL) => sql<string>`(select count(*) from ${orders} where ${where})`;
  const [row] = await db
    .select({
      pending: total(shopDayFigures.pending),
      processing: total(shopDayFigures.processing),
      completed: total(shopDayFigures.completed),
      rejected: total(shopDayFigures.rejected),
      revenueVnd: total(shopDayFigures.revenueVnd),
      coinsIssued: total(shopDayFigures.coinsIssued),
      coinsSpent: total(shopDayFigures.coinsSpent),
      atRisk: countOf(atRisk(now)),
      refundsDue: countOf(refundDue),
    })
    .from(shopDayFigures)
    .where(eq(shopDayFigures.day, day));
  const n = (value: string | undefined) => Number(value ?? 0);
  return {
    pending: n(row?.pending),
    processing: n(row?.processing),
    completed: n(row?.completed),
    rejected: n(row?.rejected),
    revenueVnd: n(row?.revenueVnd),
    coinsIssued: n(row?.coinsIssued),
    coinsSpent: n(row?.coinsSpent),
    atRisk: n(row?.atRisk),
    refundsDue: n(row?.refundsDue),
  };
}

/**
 * Rejected paid bank orders still owed back: how many, and how much — what each received, less the excess its
 * transfers owe already (lifecycle.ts refundOwed), never its total by itself.
 */
export async function refundsDueTotal(db: Db): Promise<{ n: number; totalVnd: number }> {
  const [row] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(greatest(${orders.receivedVnd} - ${orders.excessVnd}, 0)), 0)` })
    .from(orders)
    .where(refundDue);
  return { n: row?.n ?? 0, totalVnd: Number(row?.total ?? 0) };
}

/** One shop day's bank orders (the day report): paid in it, expired unpaid, owed back (rejected after payment), paid on staff's word only. */
export async function bankOrderDayFigures(db: Db, start: Date, end: Date) {
  const inDay = (column: SQLWrapper) => sql`${column} >= ${start.toISOString()}::timestamptz and ${column} < ${end.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      paid: sql<string>`count(*) filter (where ${inDay(orders.paidAt)})`,
      expired: sql<string>`count(*) filter (where ${orders.status} = 3 and ${orders.paidAt} is null and ${inDay(orders.finishedAt)})`,
      refunded: sql<string>`count(*) filter (where ${orders.refundStatus} is not null and ${inDay(orders.finishedAt)})`,
      unverified: sql<string>`count(*) filter (where ${orders.unverifiedVnd} > 0 and ${inDay(orders.paidAt)})`,
      unverifiedVnd: sql<string>`coalesce(sum(${orders.unverifiedVnd}) filter (where ${inDay(orders.paidAt)}), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.payMethod, 1), or(inDay(orders.paidAt), inDay(orders.finishedAt))));
  return {
    paid: Number(row?.paid ?? 0),
    expired: Number(row?.expired ?? 0),
    refunded: Number(row?.refunded ?? 0),
    unverified: Number(row?.unverified ?? 0),
    unverifiedVnd: Number(row?.unverifiedVnd ?? 0),
  };
}

/** Orders placed in [start, end), oldest first, a page at a time (keyset on created_at, id): for the CSV export. */
export function pageOrdersPlaced(db: Db, start: Date, end: Date, after: { createdAt: Date; id: string } | null, limit: number) {
  return db
    .select({
      id: orders.id,
      code: orders.code,
      status: orders.status,
      payMethod: orders.payMethod,
      platformName: orders.platformName,
      totalPriceVnd: orders.totalPriceVnd,
      totalCoin: orders.totalCoin,
      totalGiftCoin: orders.totalGiftCoin,
      receivedVnd: orders.receivedVnd,
      excessVnd: orders.excessVnd,
      unverifiedVnd: orders.unverifiedVnd,
      refundStatus: orders.refundStatus,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      dueAt: orders.dueAt,
      finishedAt: orders.finishedAt,
      customerEmail: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        sql`${orders.createdAt} >= ${start.toISOString()}::timestamptz and ${orders.createdAt} < ${end.toISOString()}::timestamptz`,
        after ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}
export type ExportedOrder = Awaited<ReturnType<typeof pageOrdersPlaced>>[number];
