/**
 * The permission matrix of every admin endpoint: anonymous 401, customer 403, admin 200.
 * Each row builds its own request (fresh fixtures), so an admin write never depends on another row.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { TEST_API_KEY } from '../../test/harness.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let adminToken: string;
let customerToken: string;
let customerId: string;
let platformId: number;
let itemId: number;

beforeAll(async () => {
  adminToken = (await t.signIn('admin@lucky.test')).access_token;
  const customer = await t.signIn('khach@lucky.test');
  customerToken = customer.access_token;
  customerId = customer.userId;
  platformId = (await createPlatform(t.app.ctx.db, { name: 'Game quyền' })).id;
  itemId = (await createStoreItem(t.app.ctx.db, platformId)).id;
});

type Request = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

async function newOrder(status = 0) {
  const c = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
  return createOrder(t.app.ctx.db, {
    userId: c.userId,
    platformId,
    status,
    lines: [{ storeId: itemId, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
  });
}

const ENDPOINTS: { name: string; build: () => Promise<Request> }[] = [
  { name: 'GET order list', build: async () => ({ method: 'GET', url: '/order/api/v1/admin/order/list?status=-1' }) },
  { name: 'GET dashboard', build: async () => ({ method: 'GET', url: '/order/api/v1/admin/dashboard' }) },
  { name: 'GET order detail', build: async () => ({ method: 'GET', url: `/order/api/v1/admin/order/${(await newOrder()).id}` }) },
  {
    name: 'POST order reveal-password',
    build: async () => ({ method: 'POST', url: `/order/api/v1/admin/order/${(await newOrder()).id}/reveal-password` }),
  },
  {
    name: 'PATCH order status',
    build: async () => ({ method: 'PATCH', url: `/order/api/v1/admin/order/${(await newOrder()).id}`, payload: { status: 1, received_vnd: 100_000 } }),
  },
  {
    name: 'POST order refund-done',
    build: async () => {
      const order = await newOrder(3);
      await t.app.ctx.db.update(orders).set({ refundStatus: 'due' }).where(eq(orders.id, order.id));
      return { method: 'POST', url: `/order/api/v1/admin/order/${order.id}/refund-done`, payload: { note: 'đã CK' } };
    },
  },
  { name: 'GET platforms', build: async () => ({ method: 'GET', url: '/platform/api/v1/admin/platform' }) },
  { name: 'POST platform', build: async () => ({ method: 'POST', url: '/platform/api/v1/admin/platform', payload: { name: 'Game mới' } }) },
  { name: 'PATCH platform', build: async () => ({ method: 'PATCH', url: `/platform/api/v1/admin/platform/${platformId}`, payload: { sort_order: 3 } }) },
  { name: 'POST platform reorder', build: async () => ({ method: 'POST', url: '/platform/api/v1/admin/platform/reorder', payload: { ids: [platformId] } }) },
  { name: 'GET store items', build: async () => ({ method: 'GET', url: `/store/api/v1/admin/store?platform_id=${platformId}` }) },
  {
    name: 'POST store item',
    build: async () => ({
      method: 'POST',
      url: '/store/api/v1/admin/store',
      payload: { platform_id: platformId, name: 'Gói mới', price: 10_000, raw_price: 12_000, coin: 100 },
    }),
  },
  { name: 'PATCH store item', build: async () => ({ method: 'PATCH', url: `/store/api/v1/admin/store/${itemId}`, payload: { price: 21_000 } }) },
  { name: 'POST store reorder', build: async () => ({ method: 'POST', url: '/store/api/v1/admin/store/reorder', payload: { ids: [itemId] } }) },
  { name: 'GET customers', build: async () => ({ method: 'GET', url: '/user/api/v1/admin/user/list?q=khach' }) },
  { name: 'GET ledger', build: async () => ({ method: 'GET', url: `/bank/api/v1/admin/ledger/${customerId}` }) },
  {
    name: 'POST coin adjustment',
    build: async () => ({ method: 'POST', url: '/bank/api/v1/admin/adjust', payload: { user_id: customerId, delta: 5, reason: 'Kiểm thử quyền' } }),
  },
];

describe.each(ENDPOINTS)('$name', ({ build }) => {
  it('answers 401 without a sign-in', async () => {
    const res = await t.request({ ...(await build()), token: null });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Vui lòng đăng nhập để tiếp tục' });
  });

  it('answers 401 without the API key', async () => {
    const res = await t.app.inject({ ...(await build()), headers: { authorization: adminToken } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_API_KEY');
  });

  it('answers 403 to a customer', async () => {
    const res = await t.request({ ...(await build()), token: customerToken });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: 'Bạn không có quyền thực hiện thao tác này' });
  });

  it('answers 200 to an admin', async () => {
    const res = await t.request({ ...(await build()), token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('checks who is asking before what is sent', () => {
  it('answers 401/403, not 400, to a malformed body from an anonymous visitor or a customer', async () => {
    const bad = { method: 'POST', url: '/bank/api/v1/admin/adjust', payload: { delta: 'lots' } } as const;
    expect((await t.request({ ...bad, token: null })).statusCode).toBe(401);
    expect((await t.request({ ...bad, token: customerToken })).statusCode).toBe(403);
    expect((await t.request({ ...bad, token: adminToken })).statusCode).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('describes the admin routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'x-api-key': TEST_API_KEY } });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining([
        '/order/api/v1/admin/order/list',
        '/order/api/v1/admin/order/{id}/reveal-password',
        '/bank/api/v1/admin/adjust',
        '/store/api/v1/admin/store/{id}',
      ]),);
  });
});
