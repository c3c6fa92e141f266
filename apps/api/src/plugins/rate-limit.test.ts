/**
 * Rate limits shared through Redis (REDIS_URL) or counted per process, against the real Redis at
 * 127.0.0.1:6379. Each test counts under a key prefix of its own, so runs never meet.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import type { Env } from '../config.js';
import { createTestApp, type TestApp } from '../test/harness.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** The sign-in limit (modules/auth/routes.ts): 20 a minute per address. */
const SIGN_IN_MAX = 20;
const TOO_MANY = { message: API_MESSAGES.tooManyRequests, code: 'RATE_LIMITED' };

const redis = new Redis(REDIS_URL);
const prefixes: string[] = [];
const apps: TestApp[] = [];

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

afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
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
    for (let i = 0; i < SIGN_IN_MAX; i++) {
      const res = await attempt(i % 2 === 0 ? a : b);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
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
    // A stand-in path to Redis that the test can cut.
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(6379, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as AddressInfo;
    const prefix = uniquePrefix();
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: prefix });
    const warn = vi.spyOn(t.app.log, 'warn');

    expect((await attempt(t)).statusCode).toBe(400);
    expect(await redis.get((await redis.keys(`${prefix}*`))[0]!)).toBe('1');

    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    const started = Date.now();
    // Well past the limit: with Redis gone, nothing is counted and nothing is refused.
    for (let i = 0; i < SIGN_IN_MAX + 5; i++) expect((await attempt(t)).statusCode).toBe(400);
    expect((await attempt(t, 'khach@lucky.test')).statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ reason: expect.any(String) }), expect.stringContaining('redis unavailable'));
  });

  it('starts and serves while Redis cannot be reached at all', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: uniquePrefix() });
    for (let i = 0; i < SIGN_IN_MAX + 1; i++) expect((await attempt(t)).statusCode).toBe(400);
  });
});

describe('without REDIS_URL', () => {
  it('counts in each process alone, answering 429 with Retry-After and the Vietnamese message', async () => {
    const [a, b] = [await app(), await app()];
    for (let i = 0; i < SIGN_IN_MAX; i++) expect((await attempt(a)).statusCode).toBe(400);
    const refused = await attempt(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The other process has counted nothing.
    for (let i = 0; i < SIGN_IN_MAX; i++) expect((await attempt(b)).statusCode).toBe(400);
    expect((await attempt(b)).statusCode).toBe(429);
  });
});
