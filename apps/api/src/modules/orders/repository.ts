/** Orders, their lines and their audit rows. The game password column is read only by the start-up re-seal. */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callJsonFunction, callJsonFunctionForEach } from '../../db/json-function.js';
import { customerOrderColumns } from './columns.js';
import { orderLines, orders } from '../../db/schema.js';

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
 * Places an order in one round trip (place_order, migrations 0006 and 0016, decision 0017): under the
 * customer's row lock, a coin order needs enough free coins; then the order, its lines, its audit row and its
 * event are written. When the insert is refused by the unique (user, key) index, or coins fall short, the order
 * placed earlier with the same idempotency key is answered instead.
 */
export async function placeOrder(db: Db, write: PlaceOrderWrite): Promise<PlaceOrderOutcome> {
  return callJsonFunction<PlaceOrderOutcome>(db, 'place_order', placeOrderArgument(write));
}

/**
 * Places several orders in one round trip and one transaction (place_orders, migrations 0019 and 0021, decisions 0031
 * and 0046): each answer is the one place_order would have given alone, in the order of `writes`. Any error rolls
 * back every one of them; the caller then places them one by one (placement-batches.ts).
 */
export async function placeOrders(db: Db, writes: PlaceOrderWrite[]): Promise<PlaceOrderOutcome[]> {
  return callJsonFunctionForEach<PlaceOrderOutcome>(db, 'place_orders', writes.map(placeOrderArgument));
}

/** place_order's one argument: the orders row as JSON (its column names), the lines, the coins, the audit row and the event. */
function placeOrderArgument(write: PlaceOrderWrite) {
  const { order } = write;
  return {
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
