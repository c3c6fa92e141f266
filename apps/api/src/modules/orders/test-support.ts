/**
 * The orders module's tables as tests write and read them directly: an order in any status, and the stored row.
 * Here so that, tests included, only this module's files name the order tables.
 */
import crypto from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderLines, orders } from '../../db/schema.js';
import { createCustomer, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { newOrderCode } from './order-code.js';
import type { PlaceOrderWrite } from './repository.js';

/**
 * An order written straight to the database in any status, with one line per item given
 * (totals follow the lines). The game password is `passEncrypted` as given, or what `seal` returns for
 * the order's id (passwords are sealed bound to it: `seal: (id) => secretBox.seal('…', id)`).
 */
export async function createOrder(
  db: Db,
  values: {
    userId: string;
    platformId: number;
    platformName?: string;
    status?: number;
    payMethod?: number;
    lines?: { storeId: number; name?: string; priceVnd: number; coinCost: number; giftCoin: number; quantity?: number }[];
    passEncrypted?: string | null;
    seal?: (orderId: string) => string;
    dueAt?: Date;
    createdAt?: Date;
    paidAt?: Date | null;
    finishedAt?: Date | null;
    code?: string;
    bankName?: string;
  },
) {
  const lines = (values.lines ?? []).map((line) => ({ ...line, quantity: line.quantity ?? 1 }));
  const payMethod = values.payMethod ?? 1;
  const sum = (pick: (line: (typeof lines)[number]) => number) => lines.reduce((total, line) => total + pick(line) * line.quantity, 0);
  const createdAt = values.createdAt ?? new Date();
  const totalPrice = sum((line) => line.priceVnd);
  const id = crypto.randomUUID();
  const [order] = await db
    .insert(orders)
    .values({
      id,
      code: values.code ?? `T${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
      userId: values.userId,
      platformId: values.platformId,
      platformName: values.platformName ?? 'Liên Quân Test',
      status: values.status ?? 0,
      payMethod,
      totalPriceVnd: sum((line) => line.priceVnd),
      totalCoin: sum((line) => line.coinCost),
      totalGiftCoin: payMethod === 0 ? 0 : sum((line) => line.giftCoin),
      bankName: values.bankName ?? 'Nguyễn Văn An',
      server: 'Asia',
      uid: '123456789',
      passEncrypted: values.seal ? values.seal(id) : (values.passEncrypted ?? null),
      createdAt,
      dueAt: values.dueAt ?? new Date(createdAt.getTime() + 6 * 60 * 60 * 1000),
      // A bank order gets past 'unpaid' only by its payment, which stamps paid_at.
      paidAt: values.paidAt !== undefined ? values.paidAt : payMethod === 1 && (values.status ?? 0) !== 0 ? createdAt : null,
      finishedAt: values.finishedAt ?? null,
      // A bank order made past 'unpaid' received its total, as a bank feed reported it.
      ...(payMethod === 1 && (values.status ?? 0) !== 0 ? { receivedVnd: totalPrice } : {}),
    })
    .returning();
  if (lines.length > 0) {
    await db.insert(orderLines).values(
      lines.map((line, position) => ({
        orderId: order!.id,
        position,
        storeId: line.storeId,
        name: line.name ?? 'Gói test',
        priceVnd: line.priceVnd,
        coinCost: line.coinCost,
        giftCoin: line.giftCoin,
        quantity: line.quantity,
      })),
    );
  }
  return order!;
}

/** The order row as stored (every column). */
export async function storedOrder(db: Db, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

/** Changes a stored order behind the lifecycle's back (a test's set-up only). */
export async function updateStoredOrder(db: Db, id: string, changes: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db.update(orders).set(changes).where(eq(orders.id, id));
}

/** The columns `copyOrder` copies from the original unless told otherwise. */
const COPIED_COLUMNS = [
  'platform_id', 'platform_name', 'status', 'pay_method', 'pay_qr_code', 'total_price_vnd', 'total_coin', 'total_gift_coin',
  'order_bank_name', 'order_contact', 'order_account', 'order_server', 'order_uid', 'order_comment', 'paid_at', 'due_at',
  'finished_at', 'created_at', 'updated_at',
] as const;

/**
 * `count` copies of order `from` in one statement (a history of thousands of orders in a test): their codes numbered
 * on from `firstNumber`, the i-th (from 1) for customer `userIds[i % userIds.length]`. A column of `set` takes that
 * SQL instead of the original's value; it may use `i` and the original's columns. The copies have no lines.
 */
export function copyOrder(
  db: Db,
  from: string,
  copies: { count: number; firstNumber: number; userIds: string[]; set?: Partial<Record<(typeof COPIED_COLUMNS)[number], SQL>> },
) {
  const columns = sql.join(COPIED_COLUMNS.map((column) => sql.identifier(column)), sql`, `);
  const values = sql.join(
    COPIED_COLUMNS.map((column) => copies.set?.[column] ?? sql.identifier(column)),
    sql`, `,
  );
  return db.execute(sql`
    insert into orders (id, code, user_id, ${columns})
    select gen_random_uuid(), 'LK' || lpad((${copies.firstNumber} - 1 + i)::text, 8, '0'),
           (${sql.param(copies.userIds)}::uuid[])[1 + i % ${copies.userIds.length}], ${values}
    from orders, generate_series(1, ${copies.count}) i where id = ${from}`);
}

/** A customer and a login-free game with one package of 20,000 VND, 200 coins and 10 gift coins: what `placementWrite` places. */
export async function customerAndItem(db: Db, tokens: Parameters<typeof createCustomer>[1]) {
  const platform = await createPlatform(db, { name: 'Liên Quân Mã Đơn' });
  const item = await createStoreItem(db, platform.id, { priceVnd: 20_000, coinCost: 200, giftCoin: 10 });
  const customer = await createCustomer(db, tokens);
  return { platform, item, customer };
}

/** `count` bank orders of one package at `priceVnd`, each of its own new customer, waiting for their money. */
export async function unpaidBankOrders(db: Db, tokens: Parameters<typeof createCustomer>[1], count: number, priceVnd: number) {
  const platform = await createPlatform(db, { name: 'Liên Quân Chờ Tiền' });
  const item = await createStoreItem(db, platform.id, { priceVnd });
  return Promise.all(
    Array.from({ length: count }, async () => {
      const customer = await createCustomer(db, tokens);
      return createOrder(db, {
        userId: customer.userId,
        platformId: platform.id,
        code: newOrderCode(),
        status: 0,
        payMethod: 1,
        lines: [{ storeId: item.id, priceVnd, coinCost: 1_000, giftCoin: 10 }],
      });
    }),
  );
}

/** A random order code of the shop's shape. */
export const newCode = () => `LK${crypto.randomBytes(4).toString('hex').toUpperCase()}`;

/** What the service hands place_order for one package of `customerAndItem`'s game, due in an hour. */
export function placementWrite(
  { platform, item, customer }: Awaited<ReturnType<typeof customerAndItem>>,
  values: { code: string; key: string | null; requestHash?: string; payMethod?: 0 | 1 },
): PlaceOrderWrite {
  const payMethod = values.payMethod ?? 1;
  const now = new Date();
  return {
    order: {
      id: crypto.randomUUID(),
      code: values.code,
      userId: customer.userId,
      platformId: platform.id,
      platformName: platform.name,
      status: 0,
      payMethod,
      payQrCode: '',
      totalPriceVnd: 20_000,
      totalCoin: 200,
      totalGiftCoin: payMethod === 0 ? 0 : 10,
      bankName: 'Nguyễn Văn An',
      contact: '',
      account: '',
      passEncrypted: null,
      server: 'Asia',
      uid: '123456789',
      comment: '',
      idempotencyKey: values.key,
      requestHash: values.requestHash ?? 'hash-1',
      createdAt: now,
      dueAt: new Date(now.getTime() + 60 * 60 * 1000),
    },
    lines: [{ position: 0, storeId: item.id, name: item.name, priceVnd: 20_000, coinCost: 200, giftCoin: 10, quantity: 1 }],
    coinsNeeded: payMethod === 0 ? 200 : 0,
    audit: { action: 'order.create', after: { code: values.code } },
    event: { kind: 'order', cause: 'placed', origin: 'test' },
  };
}
