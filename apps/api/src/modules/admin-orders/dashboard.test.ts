import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@lucky/shared';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { shopDay } from './service.js';

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

describe('GET /order/api/v1/admin/dashboard', () => {
  it('counts today’s orders by status, bank revenue, coins issued and spent, and orders at risk', async () => {
    const db = t.app.ctx.db;
    const platformId = (await createPlatform(db)).id;
    const itemId = (await createStoreItem(db, platformId)).id;
    const c = await createCustomer(db, t.app.ctx.tokens);
    await grantCoins(db, c.userId, 1_000);
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
});
