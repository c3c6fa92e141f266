/** Catalogue and coin fixtures written straight to the database, for tests of other modules. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { coinLedger, platforms, storeItems, users } from '../db/schema.js';
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
