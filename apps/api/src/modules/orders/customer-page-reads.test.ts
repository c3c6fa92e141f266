/**
 * A customer's page of orders costs the page, not the customer's history (migration 0018): customer_order_page
 * reads orders_user_created_idx backwards in the page's own order (newest first, the id breaking ties) and stops
 * at the page's end, in the plan it keeps for every customer, made whatever PostgreSQL knew of the table then.
 */
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { copyOrder, createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { readsOf } from '../../test/index-reads.js';
import { useTestApp } from '../../test/suite.js';
import { newOrderCode } from './order-code.js';
import { userOrderPageBody } from './page-bodies.js';

const t = useTestApp();

const HISTORY = 400;

/** Copies of an order placed `after` it (an interval written in terms of `i`), neither paid nor finished. */
const placedAfter = (after: SQL) => ({ created_at: sql`created_at + ${after}`, paid_at: sql`null`, finished_at: sql`null` });

describe("a customer's page of orders", () => {
  it('reads about a page of index entries, not the whole history, at any page', async () => {
    const db = t.app.ctx.db;
    const platform = await createPlatform(db, { name: 'Liên Quân Lịch Sử' });
    const item = await createStoreItem(db, platform.id, { priceVnd: 20_000 });
    const customer = await createCustomer(db, t.app.ctx.tokens);
    const first = await createOrder(db, {
      userId: customer.userId,
      platformId: platform.id,
      code: newOrderCode(),
      status: 2,
      payMethod: 1,
      createdAt: new Date(Date.now() - 24 * 3_600_000),
      lines: [{ storeId: item.id, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
    });
    // A long history: copies of the first order, one a minute after it, every tenth pair placed in the same
    // millisecond so the id has ties to break.
    await copyOrder(db, first.id, { count: HISTORY - 1, firstNumber: 1, userIds: [customer.userId], set: placedAfter(sql`(i - i % 10 / 9) * interval '1 minute'`) });

    // And a shop around them: 8,000 orders of 20 other customers, in a table no statistics have been gathered on
    // yet (as a shop's orders are between two runs of autovacuum).
    const others = await Promise.all(Array.from({ length: 20 }, () => createCustomer(db, t.app.ctx.tokens)));
    await copyOrder(db, first.id, { count: 8000, firstNumber: 100_001, userIds: others.map((other) => other.userId), set: placedAfter(sql`i * interval '1 second'`) });

    const pages = await db.transaction(async (tx) => {
      const read: { entries: number; body: { rows: { id: string; created_at: string }[]; total: number } }[] = [];
      for (const offset of [0, 100, 380]) {
        const { value: body, indexEntries } = await readsOf(tx, 'orders', async () =>
          JSON.parse(await userOrderPageBody(tx, customer.userId, { status: null, limit: 10, offset })),
        );
        read.push({ entries: indexEntries, body });
      }
      return read;
    });

    // The page and the ones before it, not the 400 orders: 10, 110 and 390 entries, with a little to spare.
    const [firstPage, middle, last] = pages.map((page) => page.entries);
    expect(firstPage).toBeLessThanOrEqual(15);
    expect(middle).toBeLessThanOrEqual(115);
    expect(last).toBeLessThanOrEqual(395);
    for (const page of pages) {
      expect(page.body.total).toBe(HISTORY);
      expect(page.body.rows).toHaveLength(10);
      const times = page.body.rows.map((row) => row.created_at);
      expect(times).toEqual([...times].sort().reverse());
    }
    // Pages never overlap, ties included.
    const all = (await Promise.all([0, 10, 20, 30].map((offset) => userOrderPageBody(db, customer.userId, { status: null, limit: 10, offset }))))
      .flatMap((body) => (JSON.parse(body) as { rows: { id: string }[] }).rows.map((row) => row.id));
    expect(new Set(all).size).toBe(40);
  });
});
