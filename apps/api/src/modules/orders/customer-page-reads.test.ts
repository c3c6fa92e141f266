/**
 * A customer's page of orders costs the page, not the customer's history (migration 0018): customer_order_page
 * reads orders_user_created_idx backwards in the page's own order (newest first, the id breaking ties) and stops
 * at the page's end, in the plan it keeps for every customer, made whatever PostgreSQL knew of the table then.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { newOrderCode } from './order-code.js';
import { userOrderPageBody } from './page-bodies.js';

const t = useTestApp();

const HISTORY = 400;

/** Index entries of `orders` read so far in this transaction (both drivers answer a raw statement with `rows`). */
async function ordersIndexEntries(tx: Db): Promise<number> {
  const result = (await tx.execute(sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int as n
    from pg_index where indrelid = 'orders'::regclass`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}

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
    await db.execute(sql`
      insert into orders (id, code, user_id, platform_id, platform_name, status, pay_method, pay_qr_code, total_price_vnd,
                          total_coin, total_gift_coin, order_bank_name, order_contact, order_account, order_server, order_uid,
                          order_comment, due_at, created_at, updated_at)
      select gen_random_uuid(), 'LK' || lpad(i::text, 8, '0'), user_id, platform_id, platform_name, status, pay_method, pay_qr_code,
             total_price_vnd, total_coin, total_gift_coin, order_bank_name, order_contact, order_account, order_server, order_uid,
             order_comment, due_at, created_at + (i - i % 10 / 9) * interval '1 minute', updated_at
      from orders, generate_series(1, ${HISTORY - 1}) i where id = ${first.id}`);

    // And a shop around them: 8,000 orders of 20 other customers, in a table no statistics have been gathered on
    // yet (as a shop's orders are between two runs of autovacuum).
    const others = await Promise.all(Array.from({ length: 20 }, () => createCustomer(db, t.app.ctx.tokens)));
    await db.execute(sql`
      insert into orders (id, code, user_id, platform_id, platform_name, status, pay_method, pay_qr_code, total_price_vnd,
                          total_coin, total_gift_coin, order_bank_name, order_contact, order_account, order_server, order_uid,
                          order_comment, due_at, created_at, updated_at)
      select gen_random_uuid(), 'LK' || lpad((100000 + i)::text, 8, '0'), (${sql.param(others.map((other) => other.userId))}::uuid[])[1 + i % 20],
             platform_id, platform_name, status, pay_method, pay_qr_code, total_price_vnd, total_coin, total_gift_coin, order_bank_name,
             order_contact, order_account, order_server, order_uid, order_comment, due_at, created_at + i * interval '1 second', updated_at
      from orders, generate_series(1, 8000) i where id = ${first.id}`);

    const pages = await db.transaction(async (tx) => {
      const read: { entries: number; body: { rows: { id: string; created_at: string }[]; total: number } }[] = [];
      for (const offset of [0, 100, 380]) {
        const before = await ordersIndexEntries(tx);
        const body = JSON.parse(await userOrderPageBody(tx, customer.userId, { status: null, limit: 10, offset }));
        read.push({ entries: (await ordersIndexEntries(tx)) - before, body });
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
