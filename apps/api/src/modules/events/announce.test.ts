/**
 * Events announced after their change commits (decision 0028): the instance that made a change hands its event to
 * its own streams and, many to a notification, to the other instances sharing the database. Two API instances share
 * one database here, as two processes behind a load balancer would; a customer's stream is open on the second while
 * every change is made on the first.
 */
import type { Order } from '@lucky/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createPlatform, createStoreItem, uidOrderRequest } from '../../test/fixtures.js';
import { openStream, type StreamMessage, type TestStream } from '../../test/event-stream.js';
import {
  TEST_API_KEY,
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/harness.js';
import { BANK_FEED_ENV, deliver, newTxId } from '../payments/webhook-fixtures.js';
import { EVENTS_CHANNEL } from './hub.js';

const CUSTOMER_EVENTS = '/order/api/v1/order/events';

let database: TestDatabase;
let maker: TestApp;
let watcher: TestApp;
let watcherBase: string;
let itemId: number;
let admin: { access_token: string };
const streams: TestStream[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  maker = await createTestApp(BANK_FEED_ENV, { database });
  watcher = await createTestApp(BANK_FEED_ENV, { database });
  watcherBase = await watcher.app.listen({ host: '127.0.0.1', port: 0 });
  const platform = await createPlatform(maker.app.ctx.db, { name: 'Free Fire Test' });
  itemId = (await createStoreItem(maker.app.ctx.db, platform.id, { name: 'Gói 100 Kim Cương', priceVnd: 20_000 })).id;
  admin = await maker.signIn('admin@lucky.test');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await watcher?.close();
  await maker?.close();
  await database?.close();
});

async function watch(token: string): Promise<TestStream> {
  const stream = await openStream(watcherBase + CUSTOMER_EVENTS, { 'x-api-key': TEST_API_KEY, authorization: token });
  expect(stream.status).toBe(200);
  streams.push(stream);
  return stream;
}

async function placeBankOrder(token: string): Promise<Order> {
  const res = await maker.request({
    method: 'POST',
    url: '/order/api/v1/order',
    token,
    payload: uidOrderRequest(1, itemId),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Order>();
}

const orderIs = (id: string, status: number) => (m: StreamMessage) =>
  m.event === 'order' && (m.data as Order).id === id && (m.data as Order).status === status;

describe('a change made on one instance', () => {
  it('reaches the customer’s stream on another, once: placed, paid by the bank feed, completed by staff', async () => {
    const me = await createCustomer(maker.app.ctx.db, maker.app.ctx.tokens);
    const stream = await watch(me.token);

    const order = await placeBankOrder(me.token);
    await stream.next(orderIs(order.id, 0));
    const paid = await deliver(maker.app, 'sepay', { txId: newTxId(), amountVnd: order.total_price, memo: order.code });
    expect(paid.statusCode).toBe(200);
    await stream.next(orderIs(order.id, 1));
    const done = await maker.request({
      method: 'PATCH',
      url: `/order/api/v1/admin/order/${order.id}`,
      token: admin.access_token,
      payload: { status: 2 },
    });
    expect(done.statusCode).toBe(200);
    await stream.next(orderIs(order.id, 2));

    const ids = stream.messages.filter((m) => m.event === 'order').map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(3);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it('reaches it when many customers place at once, every order once', async () => {
    const customers = await Promise.all(
      Array.from({ length: 12 }, () => createCustomer(maker.app.ctx.db, maker.app.ctx.tokens)),
    );
    const watched = await Promise.all(customers.map((customer) => watch(customer.token)));
    const orders = await Promise.all(customers.map((customer) => placeBankOrder(customer.token)));
    await Promise.all(orders.map((order, i) => watched[i]!.next(orderIs(order.id, 0))));
    for (const [i, stream] of watched.entries())
      expect(stream.messages.filter((m) => m.event === 'order').map((m) => (m.data as Order).id)).toEqual([
        orders[i]!.id,
      ]);
  });

  it('is sent to a stream on its own instance exactly as the order reads back: placed, then paid by the bank feed', async () => {
    const makerBase = await maker.app.listen({ host: '127.0.0.1', port: 0 });
    const me = await createCustomer(maker.app.ctx.db, maker.app.ctx.tokens);
    const stream = await openStream(makerBase + CUSTOMER_EVENTS, { 'x-api-key': TEST_API_KEY, authorization: me.token });
    streams.push(stream);
    const readBack = async (id: string) => (await maker.request({ method: 'GET', url: `/order/api/v1/order/${id}`, token: me.token })).json<Order>();

    const order = await placeBankOrder(me.token);
    const placed = await stream.next(orderIs(order.id, 0));
    expect(placed.data).toEqual(await readBack(order.id));
    const paid = await deliver(maker.app, 'sepay', { txId: newTxId(), amountVnd: order.total_price + 5_000, memo: `CK ${order.code}` });
    expect(paid.statusCode).toBe(200);
    const shown = await stream.next(orderIs(order.id, 1));
    const now = await readBack(order.id);
    expect(now.status).toBe(1);
    expect(shown.data).toEqual(now);
  });

  it('is heard from an instance not yet upgraded, which announces one event to a NOTIFY', async () => {
    const me = await createCustomer(maker.app.ctx.db, maker.app.ctx.tokens);
    const stream = await watch(me.token);
    const order = await placeBankOrder(me.token);
    await stream.next(orderIs(order.id, 0));
    const older = { id: 2_000_000_000, kind: 'order', entityId: order.id, userId: me.userId, cause: 'status', origin: 'an-older-instance' };
    await maker.app.ctx.db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(older)})`);
    const heard = await stream.next((m) => m.id === String(older.id));
    expect(heard.data).toEqual(order);
  });

  it('announces nothing when it is rolled back', async () => {
    const me = await createCustomer(maker.app.ctx.db, maker.app.ctx.tokens);
    const stream = await watch(me.token);
    const never = '00000000-0000-4000-8000-000000000000';
    await expect(
      maker.app.ctx.db.transaction(async (tx) => {
        await maker.app.ctx.events.publish(tx, { kind: 'order', entityId: never, userId: me.userId, cause: 'status' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');

    // The next change's event is the first the stream carries: the rolled back one was never announced.
    const order = await placeBankOrder(me.token);
    await stream.next(orderIs(order.id, 0));
    expect(stream.messages.filter((m) => m.event === 'order').map((m) => (m.data as Order).id)).toEqual([order.id]);
  });
});
