import crypto from 'node:crypto';
import http from 'node:http';
import ece from 'http_ece';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '@lucky/shared/push';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { listenLocally } from '../../test/local-server.js';
import * as repo from './repository.js';
import { isPushServiceEndpoint } from './service.js';

const PATH = '/user/api/v1/user/push-subscription';
const VAPID = webpush.generateVAPIDKeys();
const PUSH_ENV = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, VAPID_SUBJECT: 'mailto:shop@lucky.test' };

/** A browser's push keys, as `PushSubscription.toJSON()` gives them, with the private half to read its messages. */
function browserKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

interface Delivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The payload decrypted with the browser's keys (RFC 8291, aes128gcm). */
  message: PushMessage;
}

/**
 * A push service on 127.0.0.1: it answers each message with the next status of `answers` (201 once they
 * run out) and decrypts what it received with the browser's keys, as the browser would.
 */
async function startPushServiceStandIn() {
  const deliveries: Delivery[] = [];
  const answers: number[] = [];
  const browsers = new Map<string, ReturnType<typeof browserKeys>>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      const status = answers.shift() ?? 201;
      const browser = browsers.get(req.url ?? '');
      if (status === 201 && browser) {
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') });
        deliveries.push({ path: req.url ?? '', headers: req.headers, message: JSON.parse(plain.toString('utf8')) as PushMessage });
      }
      res.writeHead(status).end();
    });
  });
  const { base, close } = await listenLocally(server);
  return {
    deliveries,
    answers,
    requests: () => requests,
    /** A new browser of the stand-in: its endpoint and keys. */
    browser(name: string) {
      const keys = browserKeys();
      browsers.set(`/push/${name}`, keys);
      return { endpoint: `${base}/push/${name}`, keys: keys.keys };
    },
    close,
  };
}

describe('isPushServiceEndpoint', () => {
  it("takes the browsers' push services over https only", () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/QGq8abc')).toBe(true);
    expect(isPushServiceEndpoint('https://wns2-par02p.notify.windows.com/w/?token=abc')).toBe(true);
    expect(isPushServiceEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false);
    expect(isPushServiceEndpoint('https://127.0.0.1/push')).toBe(false);
    expect(isPushServiceEndpoint('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(isPushServiceEndpoint('https://user:pass@fcm.googleapis.com/x')).toBe(false);
  });
});

describe('push subscriptions (signed-in customers, their own browsers only)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PUSH_ENV);
  });
  afterAll(async () => t?.close());

  const subscription = (id = crypto.randomUUID()) => ({ endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, keys: browserKeys().keys });

  it('stores a browser for the customer who sends it, and refuses anyone signed out', async () => {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const body = subscription();
    expect((await t.request({ method: 'POST', url: PATH, payload: body })).statusCode).toBe(401);

    const res = await t.request({ method: 'POST', url: PATH, payload: body, token: customer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ subscribed: true });
    const stored = await repo.subscriptionsOf(t.app.ctx.db, customer.userId);
    expect(stored).toMatchObject([{ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }]);

    // The same browser again (keys renewed): still one row.
    const renewed = { ...body, keys: browserKeys().keys };
    expect((await t.request({ method: 'POST', url: PATH, payload: renewed, token: customer.token })).statusCode).toBe(200);
    expect(await repo.subscriptionsOf(t.app.ctx.db, customer.userId)).toMatchObject([{ p256dh: renewed.keys.p256dh }]);
  });

  it('refuses an address that is not a push service, and malformed keys', async () => {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    for (const endpoint of ['http://127.0.0.1:8080/admin', 'https://169.254.169.254/latest', 'https://shop.example.vn/push']) {
      const res = await t.request({ method: 'POST', url: PATH, payload: { ...subscription(), endpoint }, token: customer.token });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe('Trình duyệt này không hỗ trợ thông báo của shop');
    }
    const bad = await t.request({ method: 'POST', url: PATH, payload: { ...subscription(), keys: { p256dh: 'x', auth: 'y' } }, token: customer.token });
    expect(bad.statusCode).toBe(400);
    expect(await repo.subscriptionsOf(t.app.ctx.db, customer.userId)).toEqual([]);
  });

  it("removes only the customer's own browser; a browser subscribed by another customer moves to them", async () => {
    const anna = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const binh = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const body = subscription();
    await t.request({ method: 'POST', url: PATH, payload: body, token: anna.token });

    const notHers = await t.request({ method: 'DELETE', url: PATH, payload: { endpoint: body.endpoint }, token: binh.token });
    expect(notHers.statusCode).toBe(200);
    expect(await repo.subscriptionsOf(t.app.ctx.db, anna.userId)).toHaveLength(1);

    // Bình signs in on Anna's browser and turns notifications on: they are Bình's now.
    await t.request({ method: 'POST', url: PATH, payload: body, token: binh.token });
    expect(await repo.subscriptionsOf(t.app.ctx.db, anna.userId)).toEqual([]);
    expect(await repo.subscriptionsOf(t.app.ctx.db, binh.userId)).toHaveLength(1);

    const mine = await t.request({ method: 'DELETE', url: PATH, payload: { endpoint: body.endpoint }, token: binh.token });
    expect(mine.json()).toEqual({ subscribed: false });
    expect(await repo.subscriptionsOf(t.app.ctx.db, binh.userId)).toEqual([]);
  });
});

describe('order notifications (Web Push, RFC 8291)', () => {
  let pushService: Awaited<ReturnType<typeof startPushServiceStandIn>>;
  let t: TestApp;
  let adminToken: string;
  let platformId: number;
  let itemId: number;

  beforeAll(async () => {
    pushService = await startPushServiceStandIn();
    t = await createTestApp(PUSH_ENV);
    adminToken = (await t.signIn('admin@lucky.test')).access_token;
    const platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân', needLogin: false });
    platformId = platform.id;
    itemId = (await createStoreItem(t.app.ctx.db, platform.id, { name: 'Gói 100', priceVnd: 20_000, coinCost: 150, giftCoin: 10 })).id;
  });
  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  /** A customer with one browser of the stand-in subscribed (stored as the route would, its address being local). */
  async function subscribedCustomer(name: string) {
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const browser = pushService.browser(name);
    await repo.upsertSubscription(t.app.ctx.db, { userId: customer.userId, endpoint: browser.endpoint, ...browser.keys });
    return { ...customer, browser };
  }
  const order = (userId: string, status: number) =>
    createOrder(t.app.ctx.db, { userId, platformId, status, payMethod: 1, lines: [{ storeId: itemId, priceVnd: 20_000, coinCost: 150, giftCoin: 10 }] });
  /**
   * An admin's move, then the push it causes: the move's event reaches this instance after the answer (by NOTIFY on
   * PostgreSQL), and the push listener, subscribed first, has its work under way once the event is here.
   */
  const move = async (orderId: string, payload: Record<string, unknown>) => {
    let stop = () => {};
    const announced = new Promise<void>((resolve) => {
      stop = t.app.ctx.events.subscribe((event) => {
        if (event.entityId === orderId) resolve();
      });
    });
    try {
      const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${orderId}`, token: adminToken, payload });
      expect(res.statusCode, res.body).toBe(200);
      await announced;
    } finally {
      stop();
    }
    await t.app.push.idle();
  };
  const deliveriesTo = (endpointPath: string) => pushService.deliveries.filter((delivery) => delivery.path === endpointPath);

  it('sends an encrypted message to the browser when an order completes; decrypted, it names the order and opens it', async () => {
    const customer = await subscribedCustomer('an');
    const placed = await order(customer.userId, 1);

    await move(placed.id, { status: 2, result_comment: 'Đã nạp xong' });

    const [delivery, ...more] = deliveriesTo('/push/an');
    expect(more).toEqual([]);
    expect(delivery!.headers['content-encoding']).toBe('aes128gcm');
    expect(delivery!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${VAPID.publicKey}$`));
    expect(Number(delivery!.headers.ttl)).toBeGreaterThan(0);
    expect(delivery!.message).toEqual({
      title: `Đơn ${placed.code} đã hoàn thành`,
      body: 'Đơn nạp của bạn đã hoàn thành. Bấm để xem phản hồi và ảnh kết quả.',
      url: `/gameorder/${placed.id}`,
      tag: `order-${placed.id}`,
      order_id: placed.id,
      change: 'completed',
    });
  });

  it('tells of a bank payment confirmed and of a rejection, never of a placed order, and not twice', async () => {
    const customer = await subscribedCustomer('binh');
    const placed = await order(customer.userId, 0);
    await move(placed.id, { status: 1, received_vnd: 20_000 });
    await move(placed.id, { status: 3, result_comment: 'Sai UID' });
    expect(deliveriesTo('/push/binh').map((delivery) => [delivery.message.change, delivery.message.order_id])).toEqual([
      ['paid', placed.id],
      ['rejected', placed.id],
    ]);
  });

  it('retries a push service that is briefly unavailable', async () => {
    const customer = await subscribedCustomer('cuong');
    const placed = await order(customer.userId, 1);
    pushService.answers.push(503);
    const before = pushService.requests();
    await move(placed.id, { status: 2 });
    expect(pushService.requests() - before).toBe(2);
    expect(deliveriesTo('/push/cuong')).toHaveLength(1);
  });

  it('forgets a browser the push service no longer knows (410, 404)', async () => {
    const customer = await subscribedCustomer('dung');
    const other = pushService.browser('dung-2');
    await repo.upsertSubscription(t.app.ctx.db, { userId: customer.userId, endpoint: other.endpoint, ...other.keys });
    const placed = await order(customer.userId, 1);
    pushService.answers.push(410, 404);
    await move(placed.id, { status: 2 });
    expect(await repo.subscriptionsOf(t.app.ctx.db, customer.userId)).toEqual([]);
  });

  it('never fails the order: it completes while the push service is down', async () => {
    const customer = await subscribedCustomer('em');
    const placed = await order(customer.userId, 1);
    pushService.answers.push(500, 500, 500);
    await move(placed.id, { status: 2 });
    expect(deliveriesTo('/push/em')).toEqual([]);
    // Kept: the service may be back for the next change.
    expect(await repo.subscriptionsOf(t.app.ctx.db, customer.userId)).toHaveLength(1);
  });
});

describe('without VAPID settings', () => {
  it('sends nothing and hands the browser no key', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.ctx.config.push).toBeNull();
      const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
      const res = await t.request({
        method: 'POST',
        url: PATH,
        payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: browserKeys().keys },
        token: customer.token,
      });
      // Stored all the same: the settings may come with the next start.
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
