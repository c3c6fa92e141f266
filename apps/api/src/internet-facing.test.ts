/**
 * What a shop on the internet relies on (README: Going live): whose X-Forwarded-For is believed,
 * which origins may call the API from a browser, and /docs only where it is wanted.
 */
import type { FastifyInstance } from 'fastify';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { buildApp } from './app.js';
import type { Env } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { REAL_SHOP_DETAILS } from './test/config-problems.js';
import { TEST_API_KEY, testConfig } from './test/harness.js';
import { freePort, startServerProcess } from './test/server-process.js';

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  // One in-memory database for every app of this file: none of these tests reads data.
  database = await openDatabase(testConfig());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

/** An app on the shared database, with a route that tells the caller's address as the app sees it. */
async function appWith(overrides: Env): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), { database, serveWeb: false });
  app.get('/test/ip', { schema: { hide: true } }, async (request) => ({ ip: request.ip }));
  await app.ready();
  apps.push(app);
  return app;
}

const PRODUCTION: Env = {
  NODE_ENV: 'production',
  AUTH_DEMO: 'false',
  JWT_SECRET: 'j'.repeat(40),
  SECRET_KEY: 's'.repeat(40),
  ...REAL_SHOP_DETAILS,
};

/** TRUST_PROXY and CORS_ORIGINS belong to a public shop: these apps try them on one machine beside the local defaults. */
const ONE_MACHINE: Env = { ALLOW_LOCAL_DEFAULTS: 'true' };

describe('TRUST_PROXY', () => {
  const ipOf = async (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    (await app.inject({ method: 'GET', url: '/test/ip', headers, remoteAddress })).json().ip as string;

  it('ignores X-Forwarded-For by default: a client cannot choose its own address', async () => {
    const app = await appWith({});
    expect(await ipOf(app, { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('believes the nearest proxy with a hop count of 1, and only it', async () => {
    const app = await appWith({ ...ONE_MACHINE, TRUST_PROXY: '1' });
    expect(await ipOf(app, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
    // A forged entry sent by the client sits further left: the proxy's own entry wins.
    expect(await ipOf(app, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).toBe('203.0.113.9');
  });

  it('believes only the listed proxy addresses', async () => {
    const app = await appWith({ ...ONE_MACHINE, TRUST_PROXY: '10.0.0.2' });
    expect(await ipOf(app, { 'x-forwarded-for': '203.0.113.9' }, '10.0.0.2')).toBe('203.0.113.9');
    expect(await ipOf(app, { 'x-forwarded-for': '203.0.113.9' }, '198.51.100.4')).toBe('198.51.100.4');
  });

  it('keeps a client in its sign-in limit whatever X-Forwarded-For it sends', async () => {
    const app = await appWith({ RATE_LIMIT: 'true' });
    let last = 0;
    for (let i = 0; i < 60 && last !== 429; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/api/v1/auth/demo-sign-in',
        headers: { 'x-api-key': TEST_API_KEY, 'x-forwarded-for': `203.0.113.${i}` },
        payload: { user_access_token: 'not-an-email' },
        remoteAddress: '198.51.100.77',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('a shop behind a proxy on the same machine', () => {
  it('refuses to start with TRUST_PROXY=1 and nothing else set: no NODE_ENV, HOST left on loopback', async () => {
    const started = startServerProcess(await freePort(), {
      NODE_ENV: '',
      TRUST_PROXY: '1',
      DATA_DIR: path.join(os.tmpdir(), 'lucky-proxy-refused'),
      LOG_LEVEL: 'warn',
    });
    expect(await started.exited).toBe(1);
    const output = started.output();
    for (const key of ['AUTH_DEMO', 'JWT_SECRET', 'SECRET_KEY', 'API_KEY', 'ADMIN_EMAILS', 'BANK_ACCOUNT_NUMBER']) {
      expect(output).toContain(`${key}: `);
    }
    expect(output).toContain('TRUST_PROXY is set, so the shop is reachable from other machines');
  });

  const demoSignIn = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/auth/api/v1/auth/demo-sign-in',
      headers: { 'x-api-key': TEST_API_KEY, ...headers },
      payload: { user_access_token: 'admin@lucky.test' },
      remoteAddress,
    });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
  ])('refuses demo sign-in to a request carrying %s: it came through a proxy', async (_name, headers) => {
    for (const app of [await appWith({}), await appWith({ ...ONE_MACHINE, TRUST_PROXY: '1' })]) {
      const res = await demoSignIn(app, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: API_MESSAGES.demoSignInLocalOnly });
      expect(res.body).not.toContain('access_token');
    }
  });

  it('refuses demo sign-in over a socket from another machine, and keeps it for this one', async () => {
    const app = await appWith({});
    expect((await demoSignIn(app, {}, '198.51.100.4')).statusCode).toBe(403);
    expect((await demoSignIn(app, {}, '::ffff:10.0.0.7')).statusCode).toBe(403);
    const local = await demoSignIn(app, {});
    expect(local.statusCode).toBe(200);
    expect(local.json()).toHaveProperty('access_token');
    expect((await demoSignIn(app, {}, '::1')).statusCode).toBe(200);
  });
});

describe('CORS_ORIGINS', () => {
  const preflight = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/platform/api/v1/platform/list',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
  const get = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'GET',
      url: '/platform/api/v1/platform/list',
      headers: { origin, 'x-api-key': TEST_API_KEY },
    });

  it('lets the listed origins call the API from a browser, and no other', async () => {
    const app = await appWith({ ...ONE_MACHINE, CORS_ORIGINS: 'https://shop.example.vn,https://admin.example.vn' });
    const allowed = await get(app, 'https://shop.example.vn');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.vn');
    const ok = await preflight(app, 'https://admin.example.vn');
    expect(ok.headers['access-control-allow-origin']).toBe('https://admin.example.vn');
    expect(String(ok.headers['access-control-allow-headers'])).toContain('x-api-key');

    for (const origin of [
      'https://evil.example',
      'https://shop.example.vn.evil.example',
      'http://shop.example.vn',
      'null',
    ]) {
      expect((await get(app, origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await preflight(app, origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('allows no cross-origin call when unset', async () => {
    const app = await appWith({});
    expect((await get(app, 'https://shop.example.vn')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(app, 'https://shop.example.vn')).headers['access-control-allow-origin']).toBeUndefined();
    // Same-origin calls (no Origin header, or the web app served by the API itself) work as before.
    const same = await app.inject({
      method: 'GET',
      url: '/platform/api/v1/platform/list',
      headers: { 'x-api-key': TEST_API_KEY },
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('/docs', () => {
  it('is served outside production', async () => {
    const app = await appWith({});
    expect((await app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('is a JSON 404 in production', async () => {
    const app = await appWith(PRODUCTION);
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('is served in production with DOCS=true', async () => {
    const app = await appWith({ ...PRODUCTION, DOCS: 'true' });
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});
