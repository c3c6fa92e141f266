import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderEvent, Order } from '@lucky/shared';
import { createAccessTokens } from '../../lib/access-token.js';
import { createCustomer, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { openStream, type StreamMessage } from '../../test/event-stream.js';
import { TEST_API_KEY } from '../../test/harness.js';
import { useTestApp } from '../../test/suite.js';

const CUSTOMER_EVENTS = '/order/api/v1/order/events';
const ADMIN_EVENTS = '/order/api/v1/admin/order/events';

// A one-second heartbeat, so a revoked sign-in is noticed quickly.
const t = useTestApp({ EVENT_HEARTBEAT_SECONDS: '1' });
let base: string;
let item: { id: number };
let admin: { access_token: string };

beforeAll(async () => {
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const platform = await createPlatform(t.app.ctx.db, { name: 'Free Fire Test' });
  item = await createStoreItem(t.app.ctx.db, platform.id, { name: 'Gói 100 Kim Cương', priceVnd: 20_000 });
  admin = await t.signIn('admin@lucky.test');
});

const customer = () => createCustomer(t.app.ctx.db, t.app.ctx.tokens);
const headers = (token: string, extra: Record<string, string> = {}) => ({ 'x-api-key': TEST_API_KEY, authorization: token, ...extra });

async function placeBankOrder(token: string): Promise<Order> {
  const res = await t.request({
    method: 'POST',
    url: '/order/api/v1/order',
    token,
    payload: {
      order_items: [{ id: item.id, quantity: 1 }],
      order_pay_method: 1,
      order_bank_name: 'Nguyễn Văn An',
      order_server: 'Asia',
      order_uid: '123456789',
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Order>();
}

async function adminMove(orderId: string, status: number) {
  const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${orderId}`, token: admin.access_token, payload: { status, ...(status === 1 ? { received_vnd: 100_000 } : {}) } });
  expect(res.statusCode).toBe(200);
}

const orderIs = (id: string, status: number) => (m: StreamMessage) => m.event === 'order' && (m.data as Order).id === id && (m.data as Order).status === status;

describe('a customer’s live stream', () => {
  it('carries the customer’s own orders as they are placed and moved, never another customer’s', async () => {
    const [me, other] = [await customer(), await customer()];
    const stream = await openStream(base + CUSTOMER_EVENTS, headers(me.token));
    expect(stream.status).toBe(200);

    const theirs = await placeBankOrder(other.token);
    const mine = await placeBankOrder(me.token);
    const placed = await stream.next(orderIs(mine.id, 0));
    expect(placed.data).toEqual(mine);
    expect(Number(placed.id)).toBeGreaterThan(0);

    await adminMove(theirs.id, 1);
    await adminMove(mine.id, 1);
    const paid = await stream.next(orderIs(mine.id, 1));
    expect((paid.data as Order).code).toBe(mine.code);
    // Events reach a stream in order: the other customer's came first and would already be here.
    expect(stream.messages.map((m) => (m.data as Order).id)).not.toContain(theirs.id);
    expect(JSON.stringify(stream.messages)).not.toContain('order_pass');
    stream.close();
  });

  it('gives a reconnecting client (Last-Event-ID) the changes it missed', async () => {
    const me = await customer();
    const first = await openStream(base + CUSTOMER_EVENTS, headers(me.token));
    const order = await placeBankOrder(me.token);
    const seen = await first.next(orderIs(order.id, 0));
    first.close();

    await adminMove(order.id, 1);
    const again = await openStream(base + CUSTOMER_EVENTS, headers(me.token, { 'last-event-id': seen.id! }));
    const missed = await again.next(orderIs(order.id, 1));
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
    again.close();
  });

  it('ends when its access token expires', async () => {
    const me = await customer();
    const shortLived = await createAccessTokens(t.config.auth.jwtSecret, 1).sign({ userId: me.userId, email: me.email });
    const stream = await openStream(base + CUSTOMER_EVENTS, headers(shortLived));
    expect(stream.status).toBe(200);
    await stream.ended(5000);
  });

  it('ends when its sign-in is revoked (sign-out)', async () => {
    const session = await t.signIn(`khach-${crypto.randomUUID()}@lucky.test`);
    const stream = await openStream(base + CUSTOMER_EVENTS, headers(session.access_token));
    expect(stream.status).toBe(200);
    const out = await t.request({
      method: 'POST',
      url: '/auth/api/v1/auth/sign-out',
      token: session.access_token,
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    await stream.ended(5000);
  });

  it('refuses an eleventh stream of one customer with 429 in Vietnamese, and takes one again once a tab closes', async () => {
    const me = await customer();
    const streams = [];
    for (let i = 0; i < 10; i++) streams.push(await openStream(base + CUSTOMER_EVENTS, headers(me.token)));
    expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
    const refused = await fetch(base + CUSTOMER_EVENTS, { headers: headers(me.token) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: 'Bạn đang mở quá nhiều kết nối theo dõi đơn hàng, vui lòng đóng bớt tab rồi thử lại' });

    streams.pop()!.close();
    await expect.poll(async () => {
      const again = await openStream(base + CUSTOMER_EVENTS, headers(me.token));
      again.close();
      return again.status;
    }).toBe(200);
    streams.forEach((s) => s.close());
  });

  it('asks who is asking: no key 401, no token 401, an expired token 401 TOKEN_EXPIRED', async () => {
    const me = await customer();
    const noKey = await fetch(base + CUSTOMER_EVENTS, { headers: { authorization: me.token } });
    expect(noKey.status).toBe(401);
    const noToken = await fetch(base + CUSTOMER_EVENTS, { headers: { 'x-api-key': TEST_API_KEY } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const expired = await createAccessTokens(t.config.auth.jwtSecret, -10).sign({ userId: me.userId, email: me.email });
    const late = await fetch(base + CUSTOMER_EVENTS, { headers: headers(expired) });
    expect(late.status).toBe(401);
    expect(await late.json()).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại' });
  });
});

describe('the admin stream', () => {
  it('is for admins only', async () => {
    const me = await customer();
    const refused = await fetch(base + ADMIN_EVENTS, { headers: headers(me.token) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('carries every customer’s new orders and moves, with what happened', async () => {
    const stream = await openStream(base + ADMIN_EVENTS, headers(admin.access_token));
    const [a, b] = [await customer(), await customer()];
    const first = await placeBankOrder(a.token);
    const second = await placeBankOrder(b.token);
    const placed = await stream.next((m) => m.event === 'order' && (m.data as AdminOrderEvent).order.id === second.id);
    expect(placed.data).toMatchObject({ cause: 'placed', order: { code: second.code, customer_email: b.email, status: 0 } });
    await adminMove(first.id, 1);
    const paid = await stream.next((m) => m.event === 'order' && (m.data as AdminOrderEvent).order.id === first.id && (m.data as AdminOrderEvent).cause === 'paid');
    expect(paid.data).toMatchObject({ order: { status: 1, customer_email: a.email } });
    expect((paid.data as AdminOrderEvent).order.paid_at).not.toBeNull();
    stream.close();
  });
});
