/**
 * The console's search for a customer by name keeps one plan on PostgreSQL (admin-repository.ts customerIdList):
 * where each customer holds many orders, the statement for a few customers' ids was planned again on every call,
 * since a generic plan over an array of unknown length reckoned with ten customers' orders and never won. The app
 * runs on one connection here, so every search goes through the same prepared statement, and PostgreSQL's own
 * counters (pg_prepared_statements) say how it was planned. Runs only against a PostgreSQL server (named
 * statements; PGlite has none).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyOrder, createCustomer, historyOrigin } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ PG_POOL_MAX: '1' });
});

afterAll(async () => {
  await t?.close();
});

describe("the console's search by a customer's name", () => {
  it('keeps a generic plan once each customer holds a couple of hundred orders', async () => {
    const { db, tokens } = t.app.ctx;
    const { first, userIds } = await historyOrigin(db, tokens, 'Liên Quân Kế Hoạch');
    const searched = await createCustomer(db, tokens, { name: 'Trần Thị Kế Hoạch' });
    // 4,200 orders over 21 customers: two hundred each, the searched one among them.
    await copyOrder(db, first.id, { count: 4_200, firstNumber: 1, userIds: [...userIds, searched.userId] });
    await db.execute(sql`analyze orders`);
    const admin = await t.signIn('admin@lucky.test');

    for (let call = 0; call < 12; call++) {
      const res = await t.request({
        method: 'GET',
        url: `/order/api/v1/admin/order/list?q=${encodeURIComponent('tran thi ke hoach')}&page=1&limit=20`,
        token: admin.access_token,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { rows: { user_id: string }[]; total: number };
      expect(page.rows).toHaveLength(20);
      expect(new Set(page.rows.map((row) => row.user_id))).toEqual(new Set([searched.userId]));
    }

    const { rows } = (await db.execute(sql`
      select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
      where statement like '%json_build_object(''rows''%'`)) as unknown as {
      rows: { generic: number; custom: number }[];
    };
    // PostgreSQL plans the first five calls for their values, then keeps the generic plan when it costs no more.
    expect(rows).toEqual([{ generic: 7, custom: 5 }]);
  });
});
