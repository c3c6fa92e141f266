/**
 * A customer's pages of orders kept in memory on an embedded database the app owns (page-cache.ts, decision 0030):
 * the rules of keeping and forgetting, then the customer's list through the API as orders are placed and moved,
 * on both engines (PGlite keeps the pages, PostgreSQL reads every one); and the customer's coin total and order count,
 * kept the same way (decision 0047), as coins are granted, spent and adjusted by staff.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '@lucky/shared';
import { orders, users } from '../../db/schema.js';
import { createCustomer, createPlatform, createStoreItem, uidOrderRequest } from '../../test/fixtures.js';
import { useSignIn, useTestApp } from '../../test/suite.js';
import { createCustomerPages } from './page-cache.js';

/** A read that answers `body` when told to, and counts how often it ran. */
function reader(body: string) {
  const read = { count: 0, release: () => {} };
  const run = () => {
    read.count += 1;
    return new Promise<string>((resolve) => {
      read.release = () => resolve(body);
    });
  };
  return { read, run };
}

describe('kept pages', () => {
  it('answers a page read once from memory until the customer is forgotten', async () => {
    const pages = createCustomerPages();
    let reads = 0;
    const read = () => Promise.resolve(`{"rows":[],"total":${++reads}}`);
    expect(await pages.page('an', 'all:10:0', read)).toBe('{"rows":[],"total":1}');
    expect(await pages.page('an', 'all:10:0', read)).toBe('{"rows":[],"total":1}');
    // Another page of the same customer, and another customer, are read once each.
    expect(await pages.page('an', 'all:10:10', read)).toBe('{"rows":[],"total":2}');
    expect(await pages.page('binh', 'all:10:0', read)).toBe('{"rows":[],"total":3}');
    pages.forget('an');
    expect(await pages.page('an', 'all:10:0', read)).toBe('{"rows":[],"total":4}');
    expect(await pages.page('an', 'all:10:10', read)).toBe('{"rows":[],"total":5}');
    expect(await pages.page('binh', 'all:10:0', read)).toBe('{"rows":[],"total":3}');
    expect(reads).toBe(5);
  });

  it('answers a read that was under way when the customer was forgotten, but does not keep it', async () => {
    const pages = createCustomerPages();
    const before = reader('before the change');
    const answer = pages.page('an', 'all:10:0', before.run);
    pages.forget('an');
    before.read.release();
    expect(await answer).toBe('before the change');
    const after = reader('after the change');
    const next = pages.page('an', 'all:10:0', after.run);
    after.read.release();
    expect(await next).toBe('after the change');
    expect(await pages.page('an', 'all:10:0', () => Promise.reject(new Error('kept: not read')))).toBe('after the change');
  });

  it('keeps nothing of a read that failed', async () => {
    const pages = createCustomerPages();
    await expect(pages.page('an', 'all:10:0', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(await pages.page('an', 'all:10:0', () => Promise.resolve('read again'))).toBe('read again');
  });

  it('drops the pages of the customers who read least recently beyond its size', async () => {
    // Room for two customers: a 600-character page is 1,200 bytes, and a customer's record 256.
    const pages = createCustomerPages(3000);
    const page = (name: string) => name.padEnd(600, '.');
    let reads = 0;
    const read = (name: string) => () => {
      reads += 1;
      return Promise.resolve(page(name));
    };
    await pages.page('an', 'all:10:0', read('an'));
    await pages.page('binh', 'all:10:0', read('binh'));
    // An reads again (kept), so Binh is now the one who read least recently.
    await pages.page('an', 'all:10:0', read('an'));
    await pages.page('chi', 'all:10:0', read('chi'));
    expect(reads).toBe(3);
    expect(await pages.page('an', 'all:10:0', read('an'))).toBe(page('an'));
    expect(await pages.page('chi', 'all:10:0', read('chi'))).toBe(page('chi'));
    expect(reads).toBe(3);
    expect(await pages.page('binh', 'all:10:0', read('binh'))).toBe(page('binh'));
    expect(reads).toBe(4);
  });
});

describe('the customer’s list through the API', () => {
  const t = useTestApp();
  const admin = useSignIn(t, 'admin@lucky.test');
  let item: { id: number };

  beforeAll(async () => {
    const platform = await createPlatform(t.app.ctx.db, { name: 'Free Fire Trang', needLogin: false });
    item = await createStoreItem(t.app.ctx.db, platform.id, { name: 'Gói 100 Kim Cương', priceVnd: 20_000, coinCost: 200, giftCoin: 10 });
  });

  const newCustomer = async () => (await createCustomer(t.app.ctx.db, t.app.ctx.tokens)).token;

  async function list(token: string): Promise<OrderList> {
    const res = await t.request({ method: 'GET', url: '/order/api/v1/order/list?page=1&limit=10', token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function place(token: string): Promise<string> {
    const res = await t.request({ method: 'POST', url: '/order/api/v1/order', token, payload: uidOrderRequest(1, item.id) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }).id;
  }

  async function move(orderId: string, payload: Record<string, unknown>) {
    const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${orderId}`, token: admin.token, payload });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('shows every placement and every move at once, as the customer reads it again and again', async () => {
    const token = await newCustomer();
    expect(await list(token)).toEqual({ rows: [], total: 0 });
    const first = await place(token);
    expect((await list(token)).rows.map((row) => [row.id, row.status])).toEqual([[first, 0]]);
    await move(first, { status: 1, expected_status: 0, received_vnd: 20_000 });
    expect((await list(token)).rows.map((row) => row.status)).toEqual([1]);
    await move(first, { status: 2, expected_status: 1, result_comment: 'Đã nạp xong' });
    const done = await list(token);
    expect(done.rows.map((row) => [row.status, row.result_comment])).toEqual([[2, 'Đã nạp xong']]);
    const second = await place(token);
    const both = await list(token);
    expect(both.total).toBe(2);
    expect(both.rows.map((row) => row.id)).toEqual([second, first]);
  });

  it('keeps the page on the embedded database (a change made behind the app’s back shows only once one is announced)', async () => {
    const token = await newCustomer();
    const orderId = await place(token);
    expect((await list(token)).rows[0]!.order_comment).toBe('');
    // Not through the app: no event, so nothing tells the app.
    await t.app.ctx.db.update(orders).set({ comment: 'sửa thẳng trong cơ sở dữ liệu' }).where(eq(orders.id, orderId));
    const kept = t.app.ctx.dbKind === 'pglite';
    expect((await list(token)).rows[0]!.order_comment).toBe(kept ? '' : 'sửa thẳng trong cơ sở dữ liệu');
    await move(orderId, { status: 3, expected_status: 0, reason: 'Khách huỷ' });
    const after = (await list(token)).rows[0]!;
    expect([after.status, after.order_comment]).toEqual([3, 'sửa thẳng trong cơ sở dữ liệu']);
  });
});

describe('the customer’s coins and order count through the API', () => {
  const t = useTestApp();
  const admin = useSignIn(t, 'admin@lucky.test');
  let item: { id: number };

  beforeAll(async () => {
    const platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân Trang', needLogin: false });
    item = await createStoreItem(t.app.ctx.db, platform.id, {
      name: 'Gói 100 Quân Huy',
      priceVnd: 20_000,
      coinCost: 200,
      giftCoin: 10,
    });
  });

  async function read(url: string, token: string): Promise<unknown> {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json();
  }
  const coins = async (token: string) => ((await read('/bank/api/v1/bank', token)) as { total: number }).total;
  const count = (token: string) => read('/order/api/v1/order/count', token);

  async function place(token: string, payMethod: 0 | 1): Promise<string> {
    const payload = { ...uidOrderRequest(1, item.id), order_pay_method: payMethod };
    const res = await t.request({ method: 'POST', url: '/order/api/v1/order', token, payload });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string }).id;
  }

  async function move(orderId: string, payload: Record<string, unknown>) {
    const res = await t.request({
      method: 'PATCH',
      url: `/order/api/v1/admin/order/${orderId}`,
      token: admin.token,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function adjust(userId: string, delta: number) {
    const res = await t.request({
      method: 'POST',
      url: '/bank/api/v1/admin/adjust',
      token: admin.token,
      payload: { user_id: userId, delta, reason: 'Điều chỉnh thử' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('shows every grant, spend and staff adjustment at once, as the customer reads them again and again', async () => {
    const { userId, token } = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    expect([await coins(token), await count(token)]).toEqual([0, 0]);
    expect([await coins(token), await count(token)]).toEqual([0, 0]);

    const bank = await place(token, 1);
    expect(await count(token)).toBe(1);
    await move(bank, { status: 1, expected_status: 0, received_vnd: 20_000 });
    await move(bank, { status: 2, expected_status: 1, result_comment: 'Đã nạp' });
    // The gift coins of a completed bank order.
    expect(await coins(token)).toBe(10);

    await adjust(userId, 390);
    expect(await coins(token)).toBe(400);
    const paidInCoins = await place(token, 0);
    expect(await count(token)).toBe(2);
    await move(paidInCoins, { status: 1, expected_status: 0 });
    await move(paidInCoins, { status: 2, expected_status: 1, result_comment: 'Đã nạp' });
    expect(await coins(token)).toBe(200);
    await adjust(userId, -150);
    expect([await coins(token), await count(token)]).toEqual([50, 2]);
  });

  it('keeps them on the embedded database (a change made behind the app’s back shows only once the app makes one)', async () => {
    const { userId, token } = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    expect(await coins(token)).toBe(0);
    expect(await count(token)).toBe(0);
    // Not through the app: nothing tells the app.
    await t.app.ctx.db.update(users).set({ coinTotal: 77 }).where(eq(users.id, userId));
    const kept = t.app.ctx.dbKind === 'pglite';
    expect(await coins(token)).toBe(kept ? 0 : 77);
    // A change through the app: the staff's adjustment, an order placed.
    await adjust(userId, 3);
    await place(token, 1);
    expect([await coins(token), await count(token)]).toEqual([80, 1]);
  });
});
