import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_EMAIL, loadConfig } from './config.js';
import { REAL_SHOP_DETAILS, problemsOf } from './test/config-problems.js';

describe('loadConfig', () => {
  it('runs locally with no settings at all: PGlite under ./data, demo sign-in and demo catalogue on', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.auth.demo).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.deadlineHour).toBe(16);
    expect(config.deadlineSweepSeconds).toBe(60);
  });

  it('makes the demo admin an owner only locally, with demo sign-in on and no OWNER_EMAILS or ADMIN_EMAILS', () => {
    expect(loadConfig({}).auth.ownerEmails).toEqual([DEMO_ADMIN_EMAIL]);
    expect(loadConfig({ AUTH_DEMO: 'false' }).auth.ownerEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: 'Chu@Shop.vn, ops@shop.vn' }).auth.ownerEmails).toEqual(['chu@shop.vn', 'ops@shop.vn']);
    const production = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SECRET_KEY: 'y'.repeat(32),
      API_KEY: 'a-real-production-key',
      ...REAL_SHOP_DETAILS,
    });
    expect(production.auth.ownerEmails).toEqual([]);
  });

  it('reads owners from OWNER_EMAILS and ADMIN_EMAILS (its earlier name), staff from STAFF_EMAILS; an owner listed as staff stays an owner', () => {
    const { auth } = loadConfig({ OWNER_EMAILS: 'Chu@Shop.vn', ADMIN_EMAILS: 'ops@shop.vn', STAFF_EMAILS: 'nv1@shop.vn, chu@shop.vn,NV2@shop.vn' });
    expect(auth.ownerEmails).toEqual(['chu@shop.vn', 'ops@shop.vn']);
    expect(auth.staffEmails).toEqual(['nv1@shop.vn', 'nv2@shop.vn']);
    // Staff alone: the demo owner stays for a local demo.
    expect(loadConfig({ STAFF_EMAILS: 'nv1@shop.vn' }).auth.ownerEmails).toEqual([DEMO_ADMIN_EMAIL]);
  });

  it('reads the promise lead time and the daily compensation cap, 60 minutes and 300 coins by default', () => {
    expect(loadConfig({})).toMatchObject({ promiseLeadMinutes: 60, compensationDailyCap: 300 });
    expect(loadConfig({ PROMISE_LEAD_MINUTES: '90', COMPENSATION_DAILY_CAP: '0' })).toMatchObject({ promiseLeadMinutes: 90, compensationDailyCap: 0 });
    expect(problemsOf({ PROMISE_LEAD_MINUTES: '-5' })).toEqual([expect.stringMatching(/^PROMISE_LEAD_MINUTES: /)]);
    expect(problemsOf({ PROMISE_LEAD_MINUTES: '721' })).toEqual([expect.stringMatching(/^PROMISE_LEAD_MINUTES: /)]);
    expect(problemsOf({ COMPENSATION_DAILY_CAP: '2.5' })).toEqual([expect.stringMatching(/^COMPENSATION_DAILY_CAP: /)]);
  });

  it('turns demo sign-in and the demo seed off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SECRET_KEY: 'y'.repeat(32),
      API_KEY: 'a-real-production-key',
      ...REAL_SHOP_DETAILS,
    });
    expect(config.auth.demo).toBe(false);
    expect(config.seedDemo).toBe(false);
  });

  it('stops with the whole list of problems', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x', BANK_BIN: '12' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(fields).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'BANK_BIN', 'JWT_SECRET', 'SECRET_KEY', 'API_KEY']));
  });

  it('counts empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });
});

describe('TRUST_PROXY, CORS_ORIGINS, DOCS', () => {
  // These settings make the shop a public one (config-safety.ts): read here beside the local defaults.
  const LOCAL = { ALLOW_LOCAL_DEFAULTS: 'true' };

  it('believes no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ ...LOCAL, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses', () => {
    expect(loadConfig({ ...LOCAL, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...LOCAL, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it.each(['true', 'yes', 'everyone', '10.0.0.1/40', '999'])('refuses TRUST_PROXY=%s', (value) => {
    expect(problemsOf({ ...LOCAL, TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY: .*hop count/)]);
  });

  it('allows no cross-origin caller by default, and only whole origins', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ ...LOCAL, CORS_ORIGINS: 'https://shop.example.vn, http://localhost:5173/' }).corsOrigins).toEqual([
      'https://shop.example.vn',
      'http://localhost:5173',
    ]);
    expect(problemsOf({ ...LOCAL, CORS_ORIGINS: '*' })).toEqual([expect.stringMatching(/^CORS_ORIGINS: /)]);
    expect(problemsOf({ ...LOCAL, CORS_ORIGINS: 'https://shop.example.vn/admin' })).toEqual([
      expect.stringMatching(/^CORS_ORIGINS: /),
    ]);
  });

  it('serves /docs outside production, and in production only with DOCS=true', () => {
    expect(loadConfig({}).docs).toBe(true);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SECRET_KEY: 'y'.repeat(32),
      API_KEY: 'a-key-of-our-own',
      ...REAL_SHOP_DETAILS,
    };
    expect(loadConfig(production).docs).toBe(false);
    expect(loadConfig({ ...production, DOCS: 'true' }).docs).toBe(true);
  });
});

describe('REDIS_URL, SECRET_KEY_PREVIOUS', () => {
  it('shares rate limits through Redis only when REDIS_URL is set', () => {
    expect(loadConfig({}).redis).toBeNull();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'lucky:' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.example.vn:6380', REDIS_KEY_PREFIX: 'shop-a:' }).redis?.keyPrefix).toBe('shop-a:');
    expect(() => loadConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
  });

  it('reads earlier secret keys as a comma-separated list, each at least 32 characters', () => {
    expect(loadConfig({}).previousSecretKeys).toEqual([]);
    expect(loadConfig({ SECRET_KEY_PREVIOUS: ` ${'a'.repeat(32)}, ${'b'.repeat(40)} ,` }).previousSecretKeys).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
    expect(() => loadConfig({ SECRET_KEY_PREVIOUS: `${'a'.repeat(32)},short` })).toThrow(/SECRET_KEY_PREVIOUS/);
  });
});

describe('SEPAY_API_TOKEN, CASSO_API_KEY, RECONCILE_SECONDS', () => {
  it('pulls a provider’s transaction list only when its API credential is set, every 5 minutes by default', () => {
    const none = loadConfig({});
    expect(none.reconcile).toEqual({ intervalSeconds: 300, sepay: null, casso: null });
    const both = loadConfig({
      // Feed credentials are a public shop's settings: kept here beside the local defaults on purpose.
      ALLOW_LOCAL_DEFAULTS: 'true',
      SEPAY_API_TOKEN: 'sepay-api-token-0123456789',
      CASSO_API_KEY: 'casso-api-key-0123456789',
      CASSO_API_URL: 'http://127.0.0.1:9000/',
      RECONCILE_SECONDS: '0',
    });
    expect(both.reconcile).toEqual({
      intervalSeconds: 0,
      sepay: { apiUrl: 'https://my.sepay.vn', token: 'sepay-api-token-0123456789' },
      casso: { apiUrl: 'http://127.0.0.1:9000', apiKey: 'casso-api-key-0123456789' },
    });
  });

  it('refuses a pull every few seconds, a short credential and an address that is not one', () => {
    expect(() => loadConfig({ RECONCILE_SECONDS: '5' })).toThrow(/RECONCILE_SECONDS/);
    expect(() => loadConfig({ SEPAY_API_TOKEN: 'short' })).toThrow(/SEPAY_API_TOKEN/);
    expect(() => loadConfig({ CASSO_API_URL: 'oauth.casso.vn' })).toThrow(/CASSO_API_URL/);
  });
});
