import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@lucky/shared';
import { sql } from 'drizzle-orm';
import { coinLedger, orders, shopDayFigures } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { shopDay } from '@lucky/shared';

const t = useTestApp();
let adminToken: string;

beforeAll(async () => {
  adminToken = (await t.signIn('admin@lucky.test')).access_token;
});

describe('shopDay', () => {
  it('is the calendar day in Ho Chi Minh City (UTC+7)', () => {
    expect(shopDay(new Date('2026-03-10T16:59:59Z'))).toEqual({
      date: '2026-03-10',
      start: new Date('2026-03-09T17:00:00Z'),
      end: new Date('2026-03-10T17:00:00Z'),
    });
    expect(shopDay(new Date('2026-03-10T17:00:00Z')).date).toBe('2026-03-11');
  });
});

/** A game with one package, and a customer holding `coins`. */
async function gameAndCustomer(coins = 0) {
  const db = t.app.ctx.db;
  const platformId = (await createPlatform(db)).id;
  const itemId = (await createStoreItem(db, platformId)).id;
  const c = await createCustomer(db, t.app.ctx.tokens);
  if (coins > 0) await grantCoins(db, c.userId, coins);
  return { platformId, itemId, c };
}

describe('GET /order/api/v1/admin/dashboard', () => {
  it('counts today’s orders by status, bank revenue, coins issued and spent, and orders at risk', async () => {
    const db = t.app.ctx.db;
    const { platformId, itemId, c } = await gameAndCustomer(1_000);
    const line = (priceVnd: number, coinCost: number, giftCoin: number) => [{ storeId: itemId, priceVnd, coinCost, giftCoin }];
    const now = Date.now();

    const bank = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 1, lines: line(50_000, 500, 25) });
    const coin = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 0, lines: line(10_000, 300, 0) });
    await createOrder(db, { userId: c.userId, platformId, status: 0, payMethod: 1, lines: line(1, 1, 0), dueAt: new Date(now - 60_000) });
    await createOrder(db, { userId: c.userId, platformId, status: 0, payMethod: 1, lines: line(1, 1, 0), dueAt: new Date(now + 30 * 60_000) });
    await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 1, lines: line(1, 1, 0), dueAt: new Date(now + 5 * 60 * 60_000) });
    // Placed two days ago: not today's, but still open and overdue.
    await createOrder(db, {
      userId: c.userId,
      platformId,
      status: 0,
      payMethod: 1,
      lines: line(1, 1, 0),
      createdAt: new Date(now - 2 * 24 * 60 * 60_000),
      dueAt: new Date(now - 24 * 60 * 60_000),
    });
    for (const id of [bank.id, coin.id]) {
      const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${id}`, token: adminToken, payload: { status: 2 } });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await t.request({ method: 'GET', url: '/order/api/v1/admin/dashboard', token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const body: AdminDashboard = res.json();
    expect(body).toEqual({
      date: shopDay(new Date()).date,
      orders_today: { total: 5, pending: 2, processing: 1, completed: 2, rejected: 0 },
      revenue_vnd: 50_000,
      // 1 000 granted + 25 gift coins; 300 debited for the coin order.
      coins_issued: 1_025,
      coins_spent: 300,
      at_risk: 3,
      refunds_due: 0,
    });
  });

  it('agrees with every figure counted row by row, across the day’s edges and with refunds owed', async () => {
    const db = t.app.ctx.db;
    const { platformId, itemId, c } = await gameAndCustomer(500);
    const line = [{ storeId: itemId, priceVnd: 30_000, coinCost: 300, giftCoin: 15 }];
    const now = new Date();
    const day = shopDay(now);
    const minute = 60_000;
    // Placed just before today began and finished today; placed at the day's first minute; finished yesterday.
    const early = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 1, lines: line, createdAt: new Date(day.start.getTime() - minute) });
    await createOrder(db, { userId: c.userId, platformId, status: 0, payMethod: 1, lines: line, createdAt: day.start });
    await createOrder(db, {
      userId: c.userId,
      platformId,
      status: 2,
      payMethod: 1,
      lines: line,
      createdAt: new Date(day.start.getTime() - 2 * 60 * minute),
      finishedAt: new Date(day.start.getTime() - minute),
    });
    const refunded = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 1, lines: line });
    const coin = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 0, lines: line });
    for (const [id, payload] of [
      [early.id, { status: 2 }],
      [refunded.id, { status: 3, reason: 'Hết hàng' }],
      [coin.id, { status: 2 }],
    ] as const) {
      const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${id}`, token: adminToken, payload });
      expect(res.statusCode, res.body).toBe(200);
    }

    const res = await t.request({ method: 'GET', url: '/order/api/v1/admin/dashboard', token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    const body: AdminDashboard = res.json();

    // The definitions, applied to every row of the database in JavaScript.
    const all = await db.select().from(orders);
    const ledger = await db.select().from(coinLedger);
    const today = (at: Date | null) => at !== null && at >= day.start && at < day.end;
    const placed = all.filter((order) => today(order.createdAt));
    const byStatus = (status: number) => placed.filter((order) => order.status === status).length;
    const soon = new Date(now.getTime() + 60 * minute);
    expect(body).toEqual({
      date: day.date,
      orders_today: { total: placed.length, pending: byStatus(0), processing: byStatus(1), completed: byStatus(2), rejected: byStatus(3) },
      revenue_vnd: all
        .filter((order) => order.status === 2 && order.payMethod === 1 && today(order.finishedAt))
        .reduce((sum, order) => sum + order.totalPriceVnd, 0),
      coins_issued: ledger.filter((row) => today(row.createdAt) && row.delta > 0).reduce((sum, row) => sum + row.delta, 0),
      coins_spent: ledger.filter((row) => today(row.createdAt) && row.delta < 0).reduce((sum, row) => sum - row.delta, 0),
      at_risk: all.filter((order) => (order.status === 0 || order.status === 1) && order.dueAt <= soon).length,
      refunds_due: all.filter((order) => order.refundStatus === 'due').length,
    });
    expect(body.refunds_due).toBeGreaterThanOrEqual(1);
    expect(body.revenue_vnd).toBeGreaterThanOrEqual(30_000);
  });

  it('keeps every day’s figures in step with the rows: the triggers’ totals equal a recount from scratch', async () => {
    const db = t.app.ctx.db;
    const figures = async () =>
      (await db.select().from(shopDayFigures))
        .filter((row) => Object.entries(row).some(([key, value]) => key !== 'day' && key !== 'shard' && value !== 0))
        .sort((a, b) => `${a.day}:${a.shard}`.localeCompare(`${b.day}:${b.shard}`));
    // Besides what the earlier tests of this file did: an order placed yesterday, paid, completed today.
    const { platformId, itemId, c } = await gameAndCustomer();
    const line = [{ storeId: itemId, priceVnd: 40_000, coinCost: 400, giftCoin: 20 }];
    const order = await createOrder(db, { userId: c.userId, platformId, status: 1, payMethod: 1, lines: line, createdAt: new Date(Date.now() - 86_400_000) });
    const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${order.id}`, token: adminToken, payload: { status: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await figures();
    expect(kept.length).toBeGreaterThan(0);
    await db.execute(sql`select shop_day_figures_rebuild()`);
    expect(await figures()).toEqual(kept);
  });

  it('writes a rebuild’s rows in day and shard order, so a day’s shards lie together as a running shop’s do', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`select shop_day_figures_rebuild()`);
    // ctid is the row's place in the table: read in that order, the rows come out sorted by day, then shard.
    const result = (await db.execute(sql`select day::text as day, shard from shop_day_figures order by ctid`)) as unknown as {
      rows: { day: string; shard: number }[];
    };
    const stored = result.rows;
    expect(stored.length).toBeGreaterThan(1);
    const sorted = [...stored].sort((a, b) => a.day.localeCompare(b.day) || a.shard - b.shard);
    expect(stored).toEqual(sorted);
  });
});
