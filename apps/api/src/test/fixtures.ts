/** Catalogue and coin fixtures written straight to the database, for tests of other modules. */
import crypto from 'node:crypto';
import type { OrderRequest } from '@lucky/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { coinLedger, platforms, storedFiles, storeItems, users } from '../db/schema.js';
import { toSearchText } from '../lib/search-text.js';
import { newOrderCode } from '../modules/orders/order-code.js';
import { createOrder } from '../modules/orders/test-support.js';

export async function createPlatform(
  db: Db,
  values: { name?: string; needLogin?: boolean; isActive?: boolean; picture?: string | null; salePicture?: string | null; sortOrder?: number } = {},
) {
  const name = values.name ?? 'Liên Quân Test';
  const [row] = await db
    .insert(platforms)
    .values({
      name,
      searchName: toSearchText(name),
      needLogin: values.needLogin ?? false,
      isActive: values.isActive ?? true,
      picture: values.picture ?? null,
      salePicture: values.salePicture ?? null,
      sortOrder: values.sortOrder ?? 0,
    })
    .returning();
  return row!;
}

export async function createStoreItem(
  db: Db,
  platformId: number,
  values: { name?: string; priceVnd?: number; rawPriceVnd?: number; coinCost?: number; giftCoin?: number; isActive?: boolean; description?: string } = {},
) {
  const name = values.name ?? 'Gói 100 Quân Huy';
  const [row] = await db
    .insert(storeItems)
    .values({
      platformId,
      name,
      searchName: toSearchText(name),
      description: values.description ?? 'Mô tả gói',
      priceVnd: values.priceVnd ?? 20_000,
      rawPriceVnd: values.rawPriceVnd ?? 25_000,
      coinCost: values.coinCost ?? 200,
      giftCoin: values.giftCoin ?? 10,
      isActive: values.isActive ?? true,
    })
    .returning();
  return row!;
}

/** Gives a user coins the way the shop does: a ledger row plus the cached total, in one transaction. */
export async function grantCoins(db: Db, userId: string, delta: number, reason = 'test_grant') {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ coinTotal: sql`${users.coinTotal} + ${delta}` })
      .where(eq(users.id, userId))
      .returning({ coinTotal: users.coinTotal });
    if (!user) throw new Error(`no user ${userId}`);
    await tx.insert(coinLedger).values({ userId, delta, balanceAfter: user.coinTotal, reason });
  });
}

/** A customer row and a signed access token for it, without going through a sign-in provider. */
export async function createCustomer(
  db: Db,
  tokens: { sign(claims: { userId: string; email: string }): Promise<string> },
  values: { email?: string; name?: string } = {},
) {
  const email = values.email ?? `khach-${crypto.randomUUID()}@lucky.test`;
  const [user] = await db
    .insert(users)
    .values({ email, name: values.name ?? 'Khách hàng', provider: 'test' })
    .returning();
  return { userId: user!.id, email, token: await tokens.sign({ userId: user!.id, email }) };
}

// Orders are the orders module's tables: its test support writes and reads them (modules/orders/test-support.ts).
export { copyOrder, createOrder, storedOrder, unpaidBankOrders, updateStoredOrder } from '../modules/orders/test-support.js';

/**
 * The start of a shop's history for the kept-plan tests: a platform named `platformName` with one item, 20 customers,
 * and one completed bank order of the first, placed two days ago, for `copyOrder` to copy into thousands.
 */
export async function historyOrigin(db: Db, tokens: Parameters<typeof createCustomer>[1], platformName: string) {
  const platform = await createPlatform(db, { name: platformName });
  const item = await createStoreItem(db, platform.id, { priceVnd: 20_000 });
  const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(db, tokens)));
  const userIds = customers.map((customer) => customer.userId);
  const first = await createOrder(db, {
    userId: userIds[0]!,
    platformId: platform.id,
    code: newOrderCode(),
    status: 2,
    payMethod: 1,
    createdAt: new Date(Date.now() - 48 * 3_600_000),
    lines: [{ storeId: item.id, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
  });
  return { first, userIds };
}

/** A stored picture row (tiny, not a real image): enough for checks that a file id exists. */
export async function createStoredFile(db: Db) {
  const bytes = crypto.randomBytes(32);
  const id = crypto.createHash('sha256').update(bytes).digest('hex');
  await db.insert(storedFiles).values({ id, contentType: 'image/webp', size: bytes.length, width: 1, height: 1, bytes });
  return id;
}

/** A valid order of one `itemId` on a UID platform, paid with coins (0) or by bank transfer (1); `overrides` replace fields. */
export function uidOrderRequest(payMethod: 0 | 1, itemId: number, overrides: Partial<OrderRequest> = {}): OrderRequest {
  return {
    order_bank_name: 'Nguyễn Văn An',
    order_contact: '',
    order_account: '',
    order_pass: '',
    order_server: 'Asia',
    order_uid: '123456789',
    order_comment: '',
    order_pay_method: payMethod,
    order_items: [{ id: itemId, quantity: 1 }],
    ...overrides,
  };
}
