/**
 * Live streams as someone trying to exhaust them would use them: a customer with a long history reopening with
 * `Last-Event-ID: 0`, too many streams for one process, opens in a loop, and connections dropped while their
 * token is still being checked (routes.ts).
 */
import net from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_RELOAD_EVENT, LIVE_REPLAY_LIMIT, type Order } from '@lucky/shared';
import { events } from '../../db/schema.js';
import { createCustomer } from '../../test/fixtures.js';
import { openStream, type TestStream } from '../../test/event-stream.js';
import { TEST_API_KEY } from '../../test/harness.js';
import { useListeningShop, useTestApp } from '../../test/suite.js';

const CUSTOMER_EVENTS = '/order/api/v1/order/events';
/** How long a message may take on a loaded test machine (the whole suite on PostgreSQL runs files side by side). */
const WAIT_MS = 20_000;
const headers = (token: string, extra: Record<string, string> = {}) => ({
  'x-api-key': TEST_API_KEY,
  authorization: token,
  ...extra,
});

const opened: TestStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});
async function open(base: string, token: string, extra: Record<string, string> = {}): Promise<TestStream> {
  const stream = await openStream(base + CUSTOMER_EVENTS, headers(token, extra));
  opened.push(stream);
  return stream;
}

describe('a reconnect’s replay is capped', () => {
  const t = useTestApp();
  const shop = useListeningShop(t);
  const customer = () => createCustomer(t.app.ctx.db, t.app.ctx.tokens);
  const order = shop.order;
  /** `count` events about the customer's orders, as placing and moving them writes them. */
  async function history(userId: string, orderIds: string[], count: number): Promise<number[]> {
    const rows = await t.app.ctx.db
      .insert(events)
      .values(
        Array.from({ length: count }, (_, i) => ({
          kind: 'order',
          entityId: orderIds[i % orderIds.length]!,
          userId,
          cause: 'status',
        })),
      )
      .returning({ id: events.id });
    return rows.map((row) => row.id);
  }

  it(`sends one '${LIVE_RELOAD_EVENT}' instead of replaying more than ${LIVE_REPLAY_LIMIT} missed events, and moves the client past them`, async () => {
    const me = await customer();
    const orders = await Promise.all(Array.from({ length: 5 }, () => order(me.userId)));
    const ids = await history(
      me.userId,
      orders.map((o) => o.id),
      LIVE_REPLAY_LIMIT + 20,
    );
    const stream = await open(shop.base, me.token, { 'last-event-id': '0' });
    const reload = await stream.next((message) => message.event === LIVE_RELOAD_EVENT, WAIT_MS);
    expect(reload.id).toBe(String(ids.at(-1)));
    expect(stream.messages.filter((message) => message.event === 'order')).toEqual([]);

    // Reconnecting from there finds nothing left to replay.
    const again = await open(shop.base, me.token, { 'last-event-id': reload.id! });
    const fresh = await order(me.userId);
    await t.app.ctx.db.transaction((tx) =>
      t.app.ctx.events.publish(tx, { kind: 'order', entityId: fresh.id, userId: me.userId, cause: 'placed' }),
    );
    await again.next((message) => message.event === 'order' && (message.data as Order).id === fresh.id, WAIT_MS);
    expect(again.messages.map((message) => message.event)).toEqual(['order']);
  });

  it('replays a short gap with each order once, in its state now, and nothing of another customer’s', async () => {
    const [me, other] = [await customer(), await customer()];
    const mine = await Promise.all([order(me.userId), order(me.userId)]);
    const theirs = await order(other.userId);
    const start = (await history(other.userId, [theirs.id], 1))[0]!;
    await history(
      me.userId,
      mine.map((o) => o.id),
      6,
    );
    await history(other.userId, [theirs.id], 3);

    const stream = await open(shop.base, me.token, { 'last-event-id': String(start) });
    await stream.next((message) => message.event === 'order' && (message.data as Order).id === mine[1]!.id, WAIT_MS);
    await stream.next((message) => message.event === 'order' && (message.data as Order).id === mine[0]!.id, WAIT_MS);
    const replayed = stream.messages.map((message) => (message.data as Order).id);
    expect(replayed.sort()).toEqual(mine.map((o) => o.id).sort());
  });
});

describe('one process holds at most EVENT_STREAMS_MAX streams', () => {
  const t = useTestApp({ EVENT_STREAMS_MAX: '2' });
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('answers 503 with Retry-After beyond it, in Vietnamese, and takes a stream again once one closes', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createCustomer(t.app.ctx.db, t.app.ctx.tokens)));
    const first = await open(base, a!.token);
    await open(base, b!.token);
    const refused = await fetch(base + CUSTOMER_EVENTS, { headers: headers(c!.token) });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({
      code: 'UNAVAILABLE',
      message: 'Máy chủ đang có quá nhiều kết nối theo dõi đơn hàng, vui lòng thử lại sau ít phút',
    });

    first.close();
    await expect
      .poll(async () => {
        const res = await fetch(base + CUSTOMER_EVENTS, { headers: headers(c!.token) });
        await res.body?.cancel();
        return res.status;
      })
      .toBe(200);
  });
});

describe('a connection that closes while its token is being checked', () => {
  const t = useTestApp({ EVENT_STREAMS_MAX: '1' });
  let base: string;
  let port: number;
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(base).port);
  });

  it('releases its subscription and its slot at once: the next stream opens', async () => {
    const me = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const subscribersBefore = t.app.ctx.events.subscribers();
    // Holds the token check until the client has gone.
    const tokens = t.app.ctx.tokens;
    const verify = tokens.verify.bind(tokens);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let checking = false;
    const spy = vi.spyOn(tokens, 'verify').mockImplementation(async (token) => {
      checking = true;
      await gate;
      return verify(token);
    });

    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET ${CUSTOMER_EVENTS} HTTP/1.1\r\nHost: 127.0.0.1\r\nx-api-key: ${TEST_API_KEY}\r\nauthorization: ${me.token}\r\n\r\n`,
    );
    await vi.waitFor(() => expect(checking).toBe(true));
    socket.destroy();
    // The server has seen the connection go before the check completes.
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) =>
          t.app.server.getConnections((error, count) =>
            error || count > 0 ? reject(error ?? new Error(`${count} open`)) : resolve(),
          ),
        ),
    );
    release();
    spy.mockRestore();

    await vi.waitFor(() => expect(t.app.ctx.events.subscribers()).toBe(subscribersBefore));
    const next = await open(base, me.token);
    expect(next.status).toBe(200);
  });
});

describe('stream opens are rate limited (RATE_LIMIT)', () => {
  const t = useTestApp({ RATE_LIMIT: 'true' });
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  /** Opens a stream and closes it at once: a client reopening in a loop. A refusal's body is read. */
  async function reopen(token: string): Promise<{ status: number; retryAfter: string | null; body: unknown }> {
    const res = await fetch(base + CUSTOMER_EVENTS, { headers: headers(token, { 'last-event-id': '0' }) });
    const body = res.ok ? (await res.body?.cancel(), null) : await res.json();
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
  }

  it('refuses a customer who keeps reopening, with 429 and Retry-After in Vietnamese', async () => {
    const me = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof reopen>> | undefined;
    for (let i = 0; i < 21; i++) {
      last = await reopen(me.token);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(last!.status).toBe(429);
    expect(last!.retryAfter).toMatch(/^\d+$/);
    expect(last!.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút',
    });
  });

  it('refuses one address opening for many customers', async () => {
    const customers = await Promise.all(
      Array.from({ length: 61 }, () => createCustomer(t.app.ctx.db, t.app.ctx.tokens)),
    );
    const statuses: number[] = [];
    for (const c of customers) statuses.push((await reopen(c.token)).status);
    // This address already opened 21 above: it reaches its 60 within this loop.
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
