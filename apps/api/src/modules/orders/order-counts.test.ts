import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, userOrderCounts } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { useSignIn, useTestApp } from '../../test/suite.js';

const t = useTestApp({ OWNER_EMAILS: 'admin@lucky.test' });
const adminSession = useSignIn(t, 'admin@lucky.test');

/** The customer's own count (GET /order/api/v1/order/count). */
async function ownOrderCount(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/order/api/v1/order/count', token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The console's customer list as staff read it, for one customer found by email. */
async function listedOrderCount(email: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: `/user/api/v1/admin/user/list?q=${encodeURIComponent(email)}&page=1&limit=20`, token: adminSession.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows.find((row: { email: string }) => row.email === email).order_count;
}

describe("a customer's order count (user_order_counts, kept by triggers on orders)", () => {
  it('follows orders placed, placed in one transaction and removed, for the console and the customer alike, and equals a recount from scratch', async () => {
    const db = t.app.ctx.db;
    const platformId = (await createPlatform(db)).id;
    const itemId = (await createStoreItem(db, platformId)).id;
    const line = [{ storeId: itemId, priceVnd: 10_000, coinCost: 100, giftCoin: 0 }];
    const c = await createCustomer(db, t.app.ctx.tokens);
    // The customer's own count is read once, at the end: the fixtures write behind the app's back and announce
    // nothing, and on PGlite the app keeps the count it read until an order's event (decision 0047).
    expect(await listedOrderCount(c.email)).toBe(0);

    const first = await createOrder(db, { userId: c.userId, platformId, lines: line });
    await createOrder(db, { userId: c.userId, platformId, status: 2, lines: line });
    expect(await listedOrderCount(c.email)).toBe(2);
    // Two in one transaction count twice; a rolled-back one not at all.
    await db.transaction(async (tx) => {
      await createOrder(tx, { userId: c.userId, platformId, lines: line });
      await createOrder(tx, { userId: c.userId, platformId, lines: line });
    });
    await db
      .transaction(async (tx) => {
        await createOrder(tx, { userId: c.userId, platformId, lines: line });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await listedOrderCount(c.email)).toBe(4);
    await db.delete(orders).where(eq(orders.id, first.id));
    expect(await listedOrderCount(c.email)).toBe(3);
    expect(await ownOrderCount(c.token)).toBe(3);

    const counts = async () => (await db.select().from(userOrderCounts)).filter((row) => row.orders !== 0).sort((a, b) => a.userId.localeCompare(b.userId));
    const kept = await counts();
    await db.execute(sql`select user_order_counts_rebuild()`);
    expect(await counts()).toEqual(kept);
  });
});
