/**
 * Load figures with autocannon over loopback: a bare route as the yardstick, the public catalogue,
 * a signed-in customer's reads, and order placement by many customers at once. Each figure that is a
 * share of the bare route is taken in the same run, since absolute req/s on a shared 2-core machine
 * are noise.
 */
import crypto from 'node:crypto';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { combinedRuns, type Pgbench, type PgbenchFigure, type PgbenchRun } from './pgbench.js';
import { API_KEY, api, signIn, type ShopProcess } from './server.js';
import { percentile } from './stats.js';

export interface LoadFigure {
  rps: number;
  p99: number;
  /** Highest resident memory of the shop while it ran, in MB. */
  rssMb: number;
}

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
}

interface LoadOptions {
  connections?: number;
  seconds?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
  /** Given, it receives every answer's time (ms), so that several short runs can be taken as one. */
  latencies?: number[];
}

/** An autocannon client, as far as the bench listens to one: each answer's status, size and time (ms). */
interface AutocannonClient {
  on(event: 'response', listener: (status: number, bytes: number, ms: number) => void): void;
}

/**
 * autocannon's options for a run of `seconds`. It ends a run at its first sample after the duration, and samples
 * once a second by default, so a run of half a second lasted a whole one: a run that is not whole seconds samples
 * every 100 ms. (A run of whole seconds keeps the default: `requests.average` is then a per-second figure.)
 */
export const runFor = (seconds: number) => ({ duration: seconds, ...(Number.isInteger(seconds) ? {} : { sampleInt: 100 }) });

/** autocannon's option that hands every answer's time (ms) to `latencies`. */
export const recordLatencies = (latencies: number[]) => ({
  setupClient: (client: AutocannonClient) => client.on('response', (_status, _bytes, ms) => latencies.push(ms)),
});

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Drives `path`; fails on any non-2xx answer, so a figure is never one of errors. */
async function drive(shop: ShopProcess, path: string, options: LoadOptions): Promise<AutocannonResult> {
  const result = (await autocannon({
    url: `${shop.base}${path}`,
    connections: options.connections ?? 20,
    ...runFor(options.seconds ?? SECONDS),
    headers: { 'x-api-key': API_KEY, ...options.headers },
    requests: options.requests,
    ...(options.latencies ? recordLatencies(options.latencies) : {}),
  })) as AutocannonResult;
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

/** Drives `path` for a few seconds. */
export async function load(shop: ShopProcess, path: string, options: LoadOptions = {}): Promise<LoadFigure> {
  const stopRss = shop.sampleRss();
  const result = await drive(shop, path, options);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, rssMb: stopRss() };
}

/** A path to drive, with the headers it is asked with beyond the API key (a browser's Accept-Encoding). */
export type Target = string | { path: string; headers: Record<string, string> };

/** Each path's req/s over all its turns, and its req/s in each round. */
export interface Interleaved {
  rps: number[];
  rounds: number[][];
}

/**
 * Several paths driven in turns of `turnSeconds` (a second by default), `rounds` times over: each path's req/s
 * over all its turns, and in each round.
 * On a shared machine the CPU a process gets swings from one second to the next; paths compared with each
 * other (a list and the bare route) then meet the same swings, where back-to-back runs of several seconds
 * each met different ones.
 */
export async function interleaved(shop: ShopProcess, paths: Target[], rounds: number, turnSeconds = 1): Promise<Interleaved> {
  const requests = paths.map(() => 0);
  const seconds = paths.map(() => 0);
  const perRound: number[][] = paths.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of paths.entries()) {
      const { path, headers } = typeof target === 'string' ? { path: target, headers: undefined } : target;
      const result = await drive(shop, path, { seconds: turnSeconds, headers });
      requests[i]! += result.requests.total;
      seconds[i]! += result.duration;
      perRound[i]!.push(result.requests.total / result.duration);
    }
  }
  return { rps: requests.map((count, i) => Math.round(count / seconds[i]!)), rounds: perRound };
}

interface Platform {
  id: number;
  shop_config: { need_login: boolean };
}
interface StoreItem {
  id: number;
}

/** A platform that asks for the game login (so placement seals a password, the costlier case) and one of its items. */
export async function catalogueSample(base: string): Promise<{ platformId: number; itemId: number }> {
  const platforms = await api<Platform[]>(base, 'GET', '/platform/api/v1/platform/list?keyword=&is_active=true');
  const platform = platforms.find((p) => p.shop_config.need_login) ?? platforms[0];
  if (!platform) throw new Error('the demo catalogue has no platform');
  const items = await api<StoreItem[]>(base, 'GET', `/store/api/v1/store/list?keyword=&store_platform=${platform.id}`);
  if (!items[0]) throw new Error(`platform ${platform.id} has no item`);
  return { platformId: platform.id, itemId: items[0].id };
}

/** Access tokens of `count` demo customers, signed in a few at a time. */
export async function customers(base: string, count: number, prefix = 'bench'): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) =>
      signIn(base, `${prefix}-${i + j}@lucky.test`),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

/** Each connection is one customer: the first request of a connection picks its token from the pool. */
function perCustomer(tokens: string[], request: Omit<AutocannonRequest, 'setupRequest'>): AutocannonRequest[] {
  let next = 0;
  return [
    {
      ...request,
      setupRequest(req, context) {
        if (typeof context.token !== 'string') context.token = tokens[next++ % tokens.length];
        return { ...req, headers: { ...req.headers, authorization: context.token as string } };
      },
    },
  ];
}

/** A bank order for the sample item, with every field a login platform needs. */
export function orderFields(itemId: number) {
  return {
    order_bank_name: 'Khách Thử Tải',
    order_contact: '0901234567',
    order_account: 'taikhoan.game',
    order_pass: 'mat-khau-game-1',
    order_server: 'Asia',
    order_uid: '',
    order_comment: '',
    order_pay_method: 1,
    order_items: [{ id: itemId, quantity: 1 }],
  };
}

/** The requests of order placement by `tokens.length` customers at once, one connection each. */
function placementRequests(tokens: string[], itemId: number): AutocannonRequest[] {
  const [request] = perCustomer(tokens, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(orderFields(itemId)),
  });
  return [
    {
      ...request!,
      setupRequest(req, context) {
        const signed = request!.setupRequest!(req, context);
        return { ...signed, headers: { ...signed.headers, 'idempotency-key': crypto.randomUUID() } };
      },
    },
  ];
}

/**
 * Order placement by `tokens.length` customers at once, one connection each. Every order carries its own
 * Idempotency-Key, as the storefront sends one with each new order.
 */
export function placement(shop: ShopProcess, tokens: string[], itemId: number, seconds?: number): Promise<LoadFigure> {
  return load(shop, '/order/api/v1/order', { connections: tokens.length, seconds, requests: placementRequests(tokens, itemId) });
}

/**
 * Placement and its reference, pgbench's TPC-B-like script with as many clients, in `turns` turns of a second
 * each, the one that goes first taking turns. On a shared host the CPU and the disk the two get swing from
 * one second to the next, and the autovacuum and checkpoints a shop's writes leave behind land in whatever
 * runs next: three seconds of pgbench and then three of placement met different swings (pgbench 2,390–3,194 tps
 * in three repetitions beside placement's steady 2,137–2,328 req/s), and the share's spread crossed its budget on
 * pgbench's swings alone. In turns, both meet the same ones. Each side's figure is taken over all its turns:
 * req/s over their seconds, the p99 of all their answers together.
 */
export async function placementInTurns(
  shop: ShopProcess,
  tokens: string[],
  itemId: number,
  pgbench: Pgbench | null,
  turns: number,
): Promise<{ placed: LoadFigure; pgbench: PgbenchFigure | null }> {
  const latencies: number[] = [];
  const runs: PgbenchRun[] = [];
  let requests = 0;
  let seconds = 0;
  const stopRss = shop.sampleRss();
  const place = async () => {
    const result = await drive(shop, '/order/api/v1/order', {
      connections: tokens.length,
      seconds: 1,
      requests: placementRequests(tokens, itemId),
      latencies,
    });
    requests += result.requests.total;
    seconds += result.duration;
  };
  const reference = async () => {
    if (pgbench) runs.push(await pgbench.run(tokens.length, 1));
  };
  for (let turn = 0; turn < turns; turn++) {
    for (const step of turn % 2 === 0 ? [reference, place] : [place, reference]) await step();
  }
  return {
    placed: { rps: Math.round(requests / seconds), p99: Math.round(percentile(latencies, 99)), rssMb: stopRss() },
    pgbench: runs.length > 0 ? combinedRuns(runs) : null,
  };
}

/** A signed-in customer's read (order list, balance, badge count), by `tokens.length` customers at once. */
export function signedInRead(shop: ShopProcess, tokens: string[], path: string, seconds?: number): Promise<LoadFigure> {
  return load(shop, path, {
    connections: tokens.length,
    seconds,
    requests: perCustomer(tokens, { method: 'GET', headers: { 'x-api-key': API_KEY } }),
  });
}
