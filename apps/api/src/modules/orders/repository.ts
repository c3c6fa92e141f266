/** Orders, their lines and their audit rows. The game password column is read only by the start-up re-seal. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callJsonFunction } from '../../db/json-function.js';
import { customerOrderColumns } from './columns.js';
import { orderLines, orders, userOrderCounts } from '../../db/schema.js';

export type OrderRow = Pick<typeof orders.$inferSelect, keyof typeof customerOrderColumns>;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export async function findByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select({ order: customerOrderColumns, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row;
}

export type PlacedLine = Omit<NewOrderLine, 'id' | 'orderId'>;

/** What placing writes: every orders column the customer's request and the catalogue decide. */
export type PlacedOrderValues = Omit<OrderRow, 'resultComment' | 'resultPicture'> &
  Pick<NewOrder, 'userId' | 'passEncrypted' | 'idempotencyKey' | 'requestHash'>;

export interface PlaceOrderWrite {
  order: PlacedOrderValues;
  lines: PlacedLine[];
  /** Coins the order reserves (0 for a bank order): more than the customer has free and nothing is written. */
  coinsNeeded: number;
  audit: { action: string; after: Record<string, unknown> };
  event: { kind: string; cause: string; origin: string };
}

export type PlaceOrderOutcome =
  /** `event_id`: the order's event row, for the caller to announce (migration 0014). */
  | { outcome: 'placed'; event_id: number }
  | { outcome: 'replay'; id: string; request_hash: string | null }
  | { outcome: 'no_user' }
  | { outcome: 'no_coins' }
  | { outcome: 'code_taken' };

/**
 * Places an order in one round trip (migration 0006's place_order, decision 0017): under the customer's
 * row lock, the order placed earlier with the same idempotency key is answered instead; a coin order
 * needs enough free coins; then the order, its lines, its audit row and its event are written.
 */
export async function placeOrder(db: Db, write: PlaceOrderWrite): Promise<PlaceOrderOutcome> {
  const { order } = write;
  const payload = {
    order: {
      id: order.id,
      code: order.code,
      user_id: order.userId,
      platform_id: order.platformId,
      platform_name: order.platformName,
      status: order.status,
      pay_method: order.payMethod,
      pay_qr_code: order.payQrCode,
      total_price_vnd: order.totalPriceVnd,
      total_coin: order.totalCoin,
      total_gift_coin: order.totalGiftCoin,
      order_bank_name: order.bankName,
      order_contact: order.contact,
      order_account: order.account,
      order_pass_encrypted: order.passEncrypted ?? null,
      order_server: order.server,
      order_uid: order.uid,
      order_comment: order.comment,
      idempotency_key: order.idempotencyKey ?? null,
      request_hash: order.requestHash ?? null,
      due_at: order.dueAt.toISOString(),
      created_at: order.createdAt.toISOString(),
    },
    lines: write.lines.map(toLineRecord),
    coins_needed: write.coinsNeeded,
    audit: write.audit,
    event: write.event,
  };
  return callJsonFunction<PlaceOrderOutcome>(db, 'place_order', payload);
}

const toLineRecord = (line: PlacedLine) => ({
  position: line.position,
  store_id: line.storeId,
  name: line.name,
  price_vnd: line.priceVnd,
  coin_cost: line.coinCost,
  gift_coin: line.giftCoin,
  quantity: line.quantity,
});

export async function findUserOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select(customerOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

function userOrdersFilter(userId: string, status: number | null): SQL | undefined {
  return status === null ? eq(orders.userId, userId) : and(eq(orders.userId, userId), eq(orders.status, status));
}

/**
 * One page of the user's orders, newest first (id breaks ties so pages never overlap), each with its lines,
 * and how many orders match in all: one query, since the order list is the read a customer repeats most.
 * The count is a subquery of its own: the customer's kept count for every status, else counted once over the
 * index; a window count (`count(*) over ()`) would read every order of the customer in full to number a page of ten. `total` is null when the page is past
 * the end (no row to carry it).
 */
export async function pageUserOrders(
  db: Db,
  userId: string,
  page: { status: number | null; limit: number; offset: number },
): Promise<{ rows: (OrderRow & { lines: PlacedLine[] })[]; total: number | null }> {
  const matching = db.$with('matching').as(
    db
      .select({
        ...customerOrderColumns,
        // Every status: the customer's kept count (migration 0012), one row whatever their history; a status: counted.
        total: (page.status === null
          ? sql<number>`coalesce((${db.select({ n: userOrderCounts.orders }).from(userOrderCounts).where(eq(userOrderCounts.userId, userId))}), 0)`
          : sql<number>`(${userOrderCount(db, userId, page.status)})`
        )
          .mapWith(Number)
          .as('total'),
      })
      .from(orders)
      .where(userOrdersFilter(userId, page.status))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
  );
  const { total, ...columns } = matching._.selectedFields;
  const rows = await db
    .with(matching)
    .select({
      ...columns,
      total,
      // "matching"."id" written out: drizzle leaves a CTE's columns unqualified, which would bind to l.id.
      lines: sql<PlacedLine[]>`(select coalesce(json_agg(json_build_object(
          'position', l.position, 'storeId', l.store_id, 'name', l.name, 'priceVnd', l.price_vnd,
          'coinCost', l.coin_cost, 'giftCoin', l.gift_coin, 'quantity', l.quantity) order by l.position), '[]')
        from ${orderLines} l where l.order_id = "matching"."id")`,
    })
    .from(matching)
    .orderBy(desc(matching.createdAt), desc(matching.id));
  return { rows: rows.map(({ total: _total, ...row }) => row as OrderRow & { lines: PlacedLine[] }), total: rows[0]?.total ?? null };
}

/** How many of the user's orders match (a query to await, or to embed as a subquery). */
function userOrderCount(db: Db, userId: string, status: number | null) {
  return db.select({ n: count() }).from(orders).where(userOrdersFilter(userId, status));
}

export async function countUserOrders(db: Db, userId: string, status: number | null = null): Promise<number> {
  const [row] = await userOrderCount(db, userId, status);
  return row?.n ?? 0;
}

/** Lines of several orders in one query (no N+1), in their cart order. */
export function findLines(db: Db, orderIds: string[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
}

export { isUniqueViolation } from '../../db/unique-violation.js';

/**
 * Up to `limit` sealed game passwords after order id `afterId` (keyset pages), for the start-up re-seal.
 * Only open orders hold one: the password is erased when an order becomes final.
 */
export function findSealedPasswords(db: Db, afterId: string | null, limit: number): Promise<{ id: string; passEncrypted: string }[]> {
  return db
    .select({ id: orders.id, passEncrypted: sql<string>`${orders.passEncrypted}` })
    .from(orders)
    .where(and(isNotNull(orders.passEncrypted), afterId ? gt(orders.id, afterId) : undefined))
    .orderBy(asc(orders.id))
    .limit(limit);
}

/** Replaces a sealed password only if it is still `before` (another instance or a final move may have changed it). */
export async function replaceSealedPassword(db: Db, id: string, before: string, after: string): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ passEncrypted: after })
    .where(and(eq(orders.id, id), eq(orders.passEncrypted, before)))
    .returning({ id: orders.id });
  return rows.length > 0;
}
