/**
 * Rate limits shared through Redis (REDIS_URL) or counted per process, against the real Redis at
 * 127.0.0.1:6379. Each test counts under a key prefix of its own, so runs never meet.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import type { Env } from '../config.js';
import { freePort } from '../test/free-port.js';
import { createTestApp, type TestApp } from '../test/harness.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const TOO_MANY = { message: API_MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };

const redis = new Redis(REDIS_URL);
const prefixes: string[] = [];
const apps: TestApp[] = [];
/** The cut of every stand-in path to Redis, run after each test. */
const paths: (() => Promise<void>)[] = [];

/** A key prefix no other test or run uses; its keys are deleted after the test. */
function uniquePrefix(): string {
  const prefix = `lucky-test:${crypto.randomUUID()}:`;
  prefixes.push(prefix);
  return prefix;
}

async function app(env: Env = {}): Promise<TestApp> {
  const t = await createTestApp({ RATE_LIMIT: 'true', ...env });
  apps.push(t);
  return t;
}

/** A refused sign-in (not an email): cheap, and it counts like any attempt. Every request comes from 127.0.0.1. */
const attempt = (t: TestApp, email = 'not-an-email') =>
  t.request({ method: 'POST', url: '/auth/api/v1/auth/demo-sign-in', payload: { user_access_token: email } });

/**
 * The limit the sign-in route is configured with (modules/auth/routes.ts), as the app announces it on an
 * answer within the limit (`x-ratelimit-limit`): the tests hold the app to that very number.
 */
function limitOf(res: LightMyRequestResponse): number {
  const limit = Number(res.headers['x-ratelimit-limit']);
  expect(Number.isInteger(limit) && limit > 0, `x-ratelimit-limit: ${res.headers['x-ratelimit-limit']}`).toBe(true);
  return limit;
}

/**
 * A path to the real Redis that the test can cut (`cut`: connections closed, none accepted) or hold up
 * (`hang`: connections stay open and nothing passes either way until `resume`, as with a Redis that is
 * busy or stalled; then what was held up passes in order).
 */
async function redisPath() {
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  let hung = false;
  const proxy = net.createServer((client) => {
    const upstream = net.connect(6379, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('error', () => from.destroy());
      from.on('close', () => sockets.delete(from));
      from.on('data', (chunk: Buffer) => {
        if (hung) held.push(() => to.write(chunk));
        else to.write(chunk);
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const cut = () =>
    new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  paths.push(cut);
  return {
    url: `redis://127.0.0.1:${port}`,
    cut,
    hang: () => {
      hung = true;
    },
    resume: () => {
      hung = false;
      for (const write of held.splice(0)) write();
    },
  };
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(apps.splice(0).map((t) => t.close()));
  await Promise.all(paths.splice(0).map((cut) => cut()));
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
});
afterAll(async () => {
  await redis.quit();
});

describe('with REDIS_URL', () => {
  it('shares one count between two instances: the limit holds whichever instance the client reaches', async () => {
    const prefix = uniquePrefix();
    const [a, b] = [await app({ REDIS_URL, REDIS_KEY_PREFIX: prefix }), await app({ REDIS_URL, REDIS_KEY_PREFIX: prefix })];
    const first = await attempt(a);
    expect(first.statusCode).toBe(400);
    const limit = limitOf(first);
    // Attempts 2 … limit, alternating: every one is counted once, whichever instance takes it.
    for (let i = 2; i <= limit; i++) {
      const res = await attempt(i % 2 === 0 ? b : a);
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    for (const instance of [a, b]) {
      const res = await attempt(instance);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(TOO_MANY);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(await redis.keys(`${prefix}rate-limit:*`)).toHaveLength(1);
  });

  it('keeps the shop open when Redis goes away, and says so in the log', async () => {
    const path = await redisPath();
    const prefix = uniquePrefix();
    const t = await app({ REDIS_URL: path.url, REDIS_KEY_PREFIX: prefix });
    const warn = vi.spyOn(t.app.log, 'warn');

    const first = await attempt(t);
    expect(first.statusCode).toBe(400);
    const limit = limitOf(first);
    expect(await redis.get((await redis.keys(`${prefix}*`))[0]!)).toBe('1');

    await path.cut();
    const started = Date.now();
    // Well past the limit: with Redis gone, nothing is counted and nothing is refused.
    for (let i = 0; i < limit + 5; i++) expect((await attempt(t)).statusCode).toBe(400);
    expect((await attempt(t, 'khach@lucky.test')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: expect.any(String) }), expect.stringContaining('redis unavailable'));
  });

  it('lets requests through when Redis is connected but stops answering, notices it, and notices its return', async () => {
    // Only the health check's interval is faked: the client's command timeout runs in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const path = await redisPath();
    const t = await app({ REDIS_URL: path.url, REDIS_KEY_PREFIX: uniquePrefix() });
    const warn = vi.spyOn(t.app.log, 'warn');
    const info = vi.spyOn(t.app.log, 'info');

    const first = await attempt(t);
    const limit = limitOf(first);
    for (let i = 2; i <= limit; i++) expect((await attempt(t)).statusCode, `attempt ${i}`).toBe(400);

    path.hang();
    // Attempt limit + 1 would be refused: its check waits for Redis a moment, gets no answer, and lets it through.
    const started = Date.now();
    expect((await attempt(t)).statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(2_000);
    vi.advanceTimersByTime(10_000);
    await vi.waitFor(
      () =>
        expect(warn).toHaveBeenCalledWith(
          expect.objectContaining({ reason: expect.stringContaining('timed out') }),
          expect.stringContaining('redis unavailable'),
        ),
      { timeout: 3_000 },
    );

    path.resume();
    vi.advanceTimersByTime(10_000);
    await vi.waitFor(() => expect(info).toHaveBeenCalledWith(expect.stringContaining('redis answers again')), { timeout: 3_000 });
    // Counted again: the limit holds once more.
    expect((await attempt(t)).statusCode).toBe(429);
  });

  it('starts and serves while Redis cannot be reached at all', async () => {
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_KEY_PREFIX: uniquePrefix() });
    const first = await attempt(t);
    expect(first.statusCode).toBe(400);
    // Past the limit: nothing is counted, nothing is refused.
    for (let i = 2; i <= limitOf(first) + 1; i++) expect((await attempt(t)).statusCode, `attempt ${i}`).toBe(400);
  });
});

describe('without REDIS_URL', () => {
  it('counts in each process alone, answering 429 with Retry-After and the Vietnamese message', async () => {
    const [a, b] = [await app(), await app()];
    const first = await attempt(a);
    expect(first.statusCode).toBe(400);
    const limit = limitOf(first);
    for (let i = 2; i <= limit; i++) expect((await attempt(a)).statusCode, `attempt ${i}`).toBe(400);
    const refused = await attempt(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other process has counted nothing.
    for (let i = 1; i <= limit; i++) expect((await attempt(b)).statusCode, `attempt ${i}`).toBe(400);
    expect((await attempt(b)).statusCode).toBe(429);
  });
});
