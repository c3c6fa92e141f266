/** Catalogue and coin fixtures written straight to the database, for tests of other modules. */
import crypto from 'node:crypto';
import type { OrderRequest } from '@lucky/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { coinLedger, orderLines, orders, platforms, storedFiles, storeItems, users } from '../db/schema.js';
import { toSearchText } from '../lib/search-text.js';

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
      // A bank order made past 'unpaid' received its total (as staff's unverified word, like one confirmed by hand
      // before money in was recorded per order, migration 0008).
      ...(payMethod === 1 && (values.status ?? 0) !== 0 ? { receivedVnd: totalPrice, unverifiedVnd: totalPrice } : {}),
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
