/**
 * The crowd: N customers, each holding the live stream of their orders (GET /order/api/v1/order/events) on
 * one shop process on PostgreSQL, while each of their bank orders is paid by a SePay notification, 20 at a
 * time. Measures that every stream holds, that every payment reaches its customer's stream, the time from
 * the webhook's answer to the event, the memory an open stream costs, the webhooks' rate, and that opens
 * beyond EVENT_STREAMS_MAX are refused with 503 and Retry-After while the process lives on.
 *
 *   npm run build && npx tsx bench/run.ts --only=crowd --crowd=10000
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { ORDER_STATUS } from '@lucky/shared';
import { catalogueSample, orderFields } from './load.js';
import { percentile } from './stats.js';
import { API_KEY, api, signIn, type ShopProcess } from './server.js';
import { webhookBurst, type BurstFigure, type UnpaidOrder } from './webhooks.js';

/** Customers of the default crowd: the shipped EVENT_STREAMS_MAX (apps/api/src/config.ts), under two minutes here. */
export const DEFAULT_CROWD = 10_000;
/** Opens tried beyond the cap: each must be 503 with Retry-After. */
const BEYOND_CAP = 20;
/** Requests in flight while the crowd signs in, orders and opens its streams. */
const SETUP_CONCURRENCY = 50;
/** How long the payments' events may take to arrive once every webhook is answered. */
const DELIVERY_DEADLINE_MS = 30_000;

export interface CrowdResult {
  customers: number;
  /** Streams open at the end of the payments. */
  held: number;
  /** Payments whose order event reached the customer's stream. */
  delivered: number;
  /** p99 from a webhook's answer to its order's event on the stream, ms (0 when the event came first). */
  deliveryP99: number;
  /** Peak resident memory over the crowd less that before the streams opened, per stream, KB. */
  kbPerStream: number;
  peakRssMb: number;
  webhooks: BurstFigure;
  /** Opens beyond the cap answered 503 with a Retry-After header. */
  refusedBeyondCap: number;
  beyondCap: number;
  /** Whether the shop process was still running at the end. */
  alive: boolean;
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function pool<T, R>(items: T[], concurrency: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await task(items[index]!, index);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

interface OrderAnswer {
  id: string;
  code: string;
  total_price: number;
}

async function placeOrder(base: string, token: string, itemId: number): Promise<UnpaidOrder> {
  const order = await api<OrderAnswer>(base, 'POST', '/order/api/v1/order', {
    token,
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: orderFields(itemId),
  });
  return { id: order.id, code: order.code, totalVnd: order.total_price };
}

interface Stream {
  status: number;
  retryAfter: string | undefined;
  /** Whether the connection has ended (from either side). */
  ended(): boolean;
  close(): void;
}

/** Opens a customer's live stream; `onOrder` gets each `event: order`'s data. Resolves on the response's headers. */
function openStream(
  base: string,
  token: string,
  onOrder: (order: { id: string; status: number }) => void,
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let ended = false;
    const request = http.get(
      `${base}/order/api/v1/order/events`,
      // One socket per stream, as every customer's phone has its own.
      { agent: false, headers: { 'x-api-key': API_KEY, authorization: token, accept: 'text/event-stream' } },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = message.split('\n');
            if (!lines.includes('event: order')) continue;
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) onOrder(JSON.parse(data.slice('data: '.length)) as { id: string; status: number });
          }
        });
        res.on('close', () => (ended = true));
        res.on('error', () => (ended = true));
        const retryAfter = res.headers['retry-after'];
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          ended: () => ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => {
      ended = true;
      reject(error);
    });
  });
}

/** Waits until `done()` holds or `ms` have passed, checking as events arrive (every 20 ms). */
async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The crowd's customers, signed in, each with one bank order waiting for its payment. */
export interface CrowdCustomers {
  tokens: string[];
  orders: UnpaidOrder[];
}

/**
 * Signs `customers` customers in on `shop` and places an order for each: nothing here is measured, so the bench
 * may run it beside other unmeasured work (the million orders' fill, bench/run.ts).
 */
export async function crowdCustomers(shop: ShopProcess, customers: number, log: (line: string) => void): Promise<CrowdCustomers> {
  const { itemId } = await catalogueSample(shop.base);
  const emails = Array.from({ length: customers }, (_, i) => `crowd-${i}@lucky.test`);
  const started = performance.now();
  const tokens = await pool(emails, SETUP_CONCURRENCY, (email) => signIn(shop.base, email));
  const orders = await pool(tokens, SETUP_CONCURRENCY, (token) => placeOrder(shop.base, token, itemId));
  log(`${customers} customers signed in and ordered in ${Math.round(performance.now() - started)} ms`);
  return { tokens, orders };
}

/**
 * The crowd on `shop` (started with EVENT_STREAMS_MAX = customers and SePay's webhook secret): its customers'
 * streams and payments, measured. The customers are signed in and ordering first unless `ready` has them already.
 */
export async function runCrowd(
  shop: ShopProcess,
  customers: number,
  log: (line: string) => void,
  ready?: CrowdCustomers,
): Promise<CrowdResult> {
  const { tokens, orders } = ready ?? (await crowdCustomers(shop, customers, log));
  const started = performance.now();

  const answeredAt = new Map<string, number>();
  const eventAt = new Map<string, number>();
  const baselineMb = shop.rssMb();
  const stopRss = shop.sampleRss();
  const alive = () => shop.child.exitCode === null && shop.child.signalCode === null;
  // An open that fails (refused, or the process gone) is counted, not thrown: the table says what happened.
  const opened = await pool(tokens, SETUP_CONCURRENCY * 5, async (token) => {
    if (!alive()) return null;
    const stream = await openStream(shop.base, token, (order) => {
      if (order.status !== ORDER_STATUS.PENDING && !eventAt.has(order.id)) eventAt.set(order.id, performance.now());
    }).catch(() => null);
    if (stream && stream.status !== 200) {
      stream.close();
      return null;
    }
    return stream;
  });
  const streams = opened.filter((stream): stream is Stream => stream !== null);
  const openMb = shop.rssMb();
  log(
    `${streams.length} of ${customers} streams open in ${Math.round(performance.now() - started)} ms (resident memory ${baselineMb} → ${openMb} MB)`,
  );

  let refusedBeyondCap = 0;
  let webhooks: BurstFigure = { rps: 0, p99: 0, sent: 0 };
  if (alive()) {
    const extra = await Promise.all(
      tokens.slice(0, BEYOND_CAP).map((token) => openStream(shop.base, token, () => {}).catch(() => null)),
    );
    refusedBeyondCap = extra.filter((stream) => stream?.status === 503 && stream.retryAfter !== undefined).length;
    for (const stream of extra) stream?.close();
    try {
      webhooks = await webhookBurst(shop.base, orders, { onAnswered: (order, at) => answeredAt.set(order.id, at) });
      await until(() => eventAt.size >= orders.length, DELIVERY_DEADLINE_MS);
    } catch (error) {
      log(`the payments stopped: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else {
    log('the shop process died while the streams opened');
  }
  const peakRssMb = stopRss();
  const held = streams.filter((stream) => !stream.ended()).length;
  const delays = orders
    .filter((order) => eventAt.has(order.id) && answeredAt.has(order.id))
    .map((order) => Math.max(0, eventAt.get(order.id)! - answeredAt.get(order.id)!));
  log(
    `${webhooks.sent} webhooks at ${webhooks.rps}/s (p99 ${webhooks.p99} ms); ${delays.length} payments on their streams; ${held} streams held; peak ${peakRssMb} MB`,
  );
  for (const stream of streams) stream.close();

  return {
    customers,
    held,
    delivered: delays.length,
    deliveryP99: delays.length > 0 ? Math.round(percentile(delays, 99)) : Number.NaN,
    kbPerStream:
      streams.length > 0 ? Math.round((((peakRssMb - baselineMb) * 1024) / streams.length) * 10) / 10 : Number.NaN,
    peakRssMb,
    webhooks,
    refusedBeyondCap,
    beyondCap: BEYOND_CAP,
    alive: alive(),
  };
}
