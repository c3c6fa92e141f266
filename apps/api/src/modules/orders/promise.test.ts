/**
 * The 16:00 promise as someone looking for coins would try it (docs/decisions/0022-promise-lead-time.md):
 * orders placed or paid just before the deadline, orders of free items, and a pile of late orders in one day.
 * Each test pins the clock of placement, payment and the sweep; the settings are the shop's defaults
 * (PROMISE_LEAD_MINUTES 60, COMPENSATION_DAILY_CAP 300).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES, DEFAULT_COMPENSATION_DAILY_CAP, lateCompensationCoins, type OrderRequest } from '@lucky/shared';
import { coinLedger, users } from '../../db/schema.js';
import { runDeadlineSweep } from '../../jobs/deadline.js';
import {
  createCustomer,
  createOrder,
  createPlatform,
  createStoreItem,
  grantCoins,
  uidOrderRequest,
} from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { changeOrderStatus, placeOrder } from './service.js';

const t = useTestApp();
/** A wall-clock time in Ho Chi Minh City. */
const local = (wallClock: string) => new Date(`${wallClock}+07:00`);
let platformId: number;
let item: { id: number; name: string };
let freeItem: { id: number; name: string };
let adminId: string;

beforeAll(async () => {
  platformId = (await createPlatform(t.app.ctx.db, { name: 'Liên Quân Hứa Hẹn' })).id;
  item = await createStoreItem(t.app.ctx.db, platformId, { name: 'Gói 500 coin', priceVnd: 50_000, coinCost: 500 });
  freeItem = await createStoreItem(t.app.ctx.db, platformId, {
    name: 'Quà tặng miễn phí',
    priceVnd: 0,
    rawPriceVnd: 0,
    coinCost: 0,
    giftCoin: 0,
  });
  adminId = (await t.signIn('admin@lucky.test')).userId;
});

const request = (payMethod: 0 | 1, itemId = item.id) =>
  uidOrderRequest(payMethod, itemId, { order_bank_name: 'Kẻ Săn Coin' });
/** Places an order as the shop would at a wall-clock time in Ho Chi Minh City. */
const placeAt = (userId: string, payload: OrderRequest, wallClock: string) =>
  placeOrder(t.app.ctx, userId, payload, { idempotencyKey: null, now: local(wallClock) });
/** Places an order through the API, as the customer's browser does. */
const place = (token: string, payload: OrderRequest) =>
  t.request({ method: 'POST', url: '/order/api/v1/order', token, payload });

async function customerWith(coins: number) {
  const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
  if (coins > 0) await grantCoins(t.app.ctx.db, customer.userId, coins);
  return customer;
}

async function compensation(userId: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ delta: coinLedger.delta })
    .from(coinLedger)
    .where(and(eq(coinLedger.userId, userId), eq(coinLedger.reason, 'late_compensation')));
  return rows.reduce((sum, row) => sum + row.delta, 0);
}

async function coinTotal(userId: string): Promise<number> {
  const [row] = await t.app.ctx.db.select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  return row!.coinTotal;
}

describe('the lead time before the deadline', () => {
  it('makes a coin order placed at 15:59:59 due at 16:00 tomorrow: the 16:00 sweep today settles nothing and pays nothing', async () => {
    const c = await customerWith(500);
    const order = await placeAt(c.userId, request(0), '2026-04-10T15:59:59');
    expect(order.due_at).toBe(local('2026-04-11T16:00:00').toISOString());

    await runDeadlineSweep(t.app.ctx, local('2026-04-10T16:00:01'));
    await runDeadlineSweep(t.app.ctx, local('2026-04-10T23:59:00'));
    const [stillOpen] = await t.app.ctx.db
      .select({ coinTotal: users.coinTotal })
      .from(users)
      .where(eq(users.id, c.userId));
    expect(stillOpen!.coinTotal).toBe(500);
    expect(await compensation(c.userId)).toBe(0);
  });

  it('keeps 16:00 today for a coin order placed an hour before, as promised', async () => {
    const c = await customerWith(500);
    const order = await placeAt(c.userId, request(0), '2026-04-10T15:00:00');
    expect(order.due_at).toBe(local('2026-04-10T16:00:00').toISOString());
  });

  it('makes a bank order paid at 15:59 due at 16:00 tomorrow: no refund and no coins at 16:00 today', async () => {
    const c = await customerWith(0);
    const order = await placeAt(c.userId, request(1), '2026-04-10T09:00:00');
    const paid = await changeOrderStatus(
      t.app.ctx,
      adminId,
      order.id,
      { status: 1, reason: 'Đã nhận tiền', received_vnd: order.total_price },
      local('2026-04-10T15:59:00'),
    );
    expect(paid.due_at).toBe(local('2026-04-11T16:00:00').toISOString());

    // (The sweep also settles other tests' orders of that day: this one is what matters.)
    await runDeadlineSweep(t.app.ctx, local('2026-04-10T16:00:30'));
    const still = await t.request({ method: 'GET', url: `/order/api/v1/order/${order.id}`, token: c.token });
    expect(still.json()).toMatchObject({ status: 1, due_at: local('2026-04-11T16:00:00').toISOString() });
    expect(await compensation(c.userId)).toBe(0);
  });
});

describe('compensation only for money at stake', () => {
  it('refuses a coin order of an item whose coin price is 0, in Vietnamese, before anything is written', async () => {
    const c = await customerWith(0);
    const res = await place(c.token, request(0, freeItem.id));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: API_MESSAGES.notPayableWithCoins(freeItem.name) });
    expect(res.json().message).toBe(
      "Sản phẩm 'Quà tặng miễn phí' không thể thanh toán bằng coin, vui lòng chọn chuyển khoản",
    );
    const list = await t.request({ method: 'GET', url: '/order/api/v1/order/count', token: c.token });
    expect(list.json()).toBe(0);
  });

  it('still takes the free item by bank transfer', async () => {
    const c = await customerWith(0);
    const res = await place(c.token, request(1, freeItem.id));
    expect(res.statusCode).toBe(200);
  });

  it('pays nothing for a late coin order that held no coins (one written before the rule)', async () => {
    const c = await customerWith(0);
    const free = await createOrder(t.app.ctx.db, {
      userId: c.userId,
      platformId,
      status: 0,
      payMethod: 0,
      lines: [{ storeId: freeItem.id, priceVnd: 0, coinCost: 0, giftCoin: 0 }],
      dueAt: local('2026-04-12T16:00:00'),
    });
    await runDeadlineSweep(t.app.ctx, local('2026-04-12T16:01:00'));
    const [row] = await t.app.ctx.db
      .select({ delta: coinLedger.delta })
      .from(coinLedger)
      .where(eq(coinLedger.orderId, free.id));
    expect(row).toBeUndefined();
    expect(await coinTotal(c.userId)).toBe(0);
  });

  it('pays a late coin order with coins at stake its full compensation', async () => {
    const c = await customerWith(500);
    await placeAt(c.userId, request(0), '2026-04-13T09:00:00');
    await runDeadlineSweep(t.app.ctx, local('2026-04-13T16:01:00'));
    expect(await compensation(c.userId)).toBe(lateCompensationCoins(500));
    expect(await coinTotal(c.userId)).toBe(500 + 50);
  });
});

describe('the daily cap (COMPENSATION_DAILY_CAP)', () => {
  it(`holds over 20 late orders of one customer in one day: ${DEFAULT_COMPENSATION_DAILY_CAP} coins, then nothing`, async () => {
    const c = await customerWith(20 * 500);
    for (let i = 0; i < 20; i++) {
      await placeAt(c.userId, request(0), '2026-04-14T08:00:00');
    }
    const settled = await runDeadlineSweep(t.app.ctx, local('2026-04-14T16:01:00'));
    expect(settled.late).toBeGreaterThanOrEqual(20);
    // 20 × 50 would be 1,000 coins: the cap stops it at 300, and every order was still refunded (released).
    expect(await compensation(c.userId)).toBe(DEFAULT_COMPENSATION_DAILY_CAP);
    expect(await coinTotal(c.userId)).toBe(20 * 500 + DEFAULT_COMPENSATION_DAILY_CAP);
    const pending = await t.request({ method: 'GET', url: '/order/api/v1/order/count-pending-coin', token: c.token });
    expect(pending.json()).toBe(0);
  });

  it('counts a new shop day afresh', async () => {
    const c = await customerWith(8 * 500);
    for (const day of ['2026-04-15', '2026-04-16']) {
      for (let i = 0; i < 4; i++) {
        await placeAt(c.userId, request(0), `${day}T08:00:00`);
      }
      await runDeadlineSweep(t.app.ctx, local(`${day}T16:01:00`));
    }
    // 4 × 50 = 200 each day, under the cap both days.
    expect(await compensation(c.userId)).toBe(400);
  });

  it('holds when two instances settle one customer’s late orders at the same moment', async () => {
    const c = await customerWith(10 * 500);
    for (let i = 0; i < 10; i++) {
      await placeAt(c.userId, request(0), '2026-04-17T08:00:00');
    }
    const at = local('2026-04-17T16:01:00');
    await Promise.all([
      runDeadlineSweep(t.app.ctx, at),
      runDeadlineSweep(t.app.ctx, at),
      runDeadlineSweep(t.app.ctx, at),
    ]);
    expect(await compensation(c.userId)).toBe(DEFAULT_COMPENSATION_DAILY_CAP);
  });
});
