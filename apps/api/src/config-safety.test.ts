/**
 * What production or a reachable shop refuses (config-safety.ts), as loadConfig applies it: the local
 * defaults serve only a shop this machine alone reaches (docs/decisions/0012-fail-closed-defaults.md,
 * docs/decisions/0022-promise-lead-time.md).
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_SHOP_SETTINGS, isLoopbackHost } from './config-safety.js';
import { loadConfig } from './config.js';
import { greeting } from './greeting.js';
import { REAL_SHOP_DETAILS, problemsOf } from './test/config-problems.js';

const REAL = {
  JWT_SECRET: 'j'.repeat(40),
  SECRET_KEY: 's'.repeat(40),
  API_KEY: 'a-key-of-our-own',
  ADMIN_EMAILS: 'chu@shop.vn',
  AUTH_DEMO: 'false',
  SEED_DEMO: 'false',
  ...REAL_SHOP_DETAILS,
};

/** The local defaults a reachable shop refuses: the built-in ones, and the demo bank account and links. */
const LOCAL_DEFAULT_KEYS = [
  'ADMIN_EMAILS',
  'API_KEY',
  'AUTH_DEMO',
  'BANK_ACCOUNT_HOLDER',
  'BANK_ACCOUNT_NUMBER',
  'BANK_BIN',
  'BANK_NAME',
  'JWT_SECRET',
  'SECRET_KEY',
  'SEED_DEMO',
  'SUPPORT_CHAT_URL',
  'SUPPORT_MESSENGER_URL',
  'SUPPORT_SOCIAL_URL',
];

const keysOf = (problems: string[]) => problems.map((p) => p.split(':')[0]!).sort();

/** A value each setting only a public shop needs might have. */
const PUBLIC_VALUES: Record<(typeof PUBLIC_SHOP_SETTINGS)[number], string> = {
  TRUST_PROXY: '1',
  CORS_ORIGINS: 'https://shop.example.vn',
  SEPAY_WEBHOOK_SECRET: 'sepay-webhook-secret-0123456789',
  SEPAY_API_KEY: 'sepay-api-key-0123456789abcdef',
  SEPAY_API_TOKEN: 'sepay-api-token-0123456789',
  CASSO_SECRET: 'casso-secret-0123456789abcdef',
  CASSO_API_KEY: 'casso-api-key-0123456789',
  TELEGRAM_BOT_TOKEN: '123456:telegram-bot-token',
  GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com',
};

describe('fail-closed defaults: the local defaults serve only a shop on loopback', () => {
  it('listens on loopback by default', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
  });

  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])(
    'starts with every local default on %s',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
      expect(problemsOf({ HOST: host })).toEqual([]);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.10', '10.0.0.5', 'shop.example.vn', '::ffff:10.0.0.1'])(
    'refuses every local default on %s, naming the setting that fixes each',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
      const problems = problemsOf({ HOST: host });
      const byKey = Object.fromEntries(problems.map((p) => [p.split(':')[0], p]));
      expect(Object.keys(byKey).sort()).toEqual(LOCAL_DEFAULT_KEYS);
      expect(byKey.AUTH_DEMO).toContain('set AUTH_DEMO=false');
      expect(byKey.SEED_DEMO).toContain('set SEED_DEMO=false');
      expect(byKey.JWT_SECRET).toContain('set JWT_SECRET');
      expect(byKey.SECRET_KEY).toContain('set SECRET_KEY');
      expect(byKey.API_KEY).toContain('set API_KEY');
      expect(byKey.ADMIN_EMAILS).toContain('set OWNER_EMAILS (or ADMIN_EMAILS)');
      expect(byKey.BANK_ACCOUNT_NUMBER).toContain('set BANK_ACCOUNT_NUMBER');
      expect(byKey.SUPPORT_CHAT_URL).toContain('set SUPPORT_CHAT_URL');
      for (const problem of problems) expect(problem).toContain(`HOST=${host}`);
    },
  );

  it('says how to stay local in the message it prints', () => {
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=127\.0\.0\.1/);
  });

  it.each([
    ['demo sign-in', { AUTH_DEMO: 'true' }, 'AUTH_DEMO'],
    ['the demo seed', { SEED_DEMO: 'true' }, 'SEED_DEMO'],
    ['the built-in JWT secret', { JWT_SECRET: '' }, 'JWT_SECRET'],
    ['the built-in JWT secret, written out', { JWT_SECRET: 'local-development-jwt-secret-change-me-0123456789' }, 'JWT_SECRET'],
    ['the built-in secret key', { SECRET_KEY: '' }, 'SECRET_KEY'],
    ['the default API key', { API_KEY: 'lucky-local-key' }, 'API_KEY'],
    ['the default admin', { AUTH_DEMO: 'true', ADMIN_EMAILS: '' }, 'ADMIN_EMAILS'],
  ])('refuses %s alone on a public address', (_name, change, key) => {
    const problems = problemsOf({ ...REAL, HOST: '0.0.0.0', ...change });
    expect(problems.map((p) => p.split(':')[0])).toContain(key);
    expect(problems.every((p) => p.startsWith('AUTH_DEMO') || p.startsWith(key))).toBe(true);
  });

  it('starts on a public address once every default is replaced', () => {
    const config = loadConfig({ ...REAL, HOST: '0.0.0.0' });
    expect(config.auth.demo).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.auth.ownerEmails).toEqual(['chu@shop.vn']);
  });

  it('refuses AUTH_DEMO in production, even on loopback', () => {
    const problems = problemsOf({ ...REAL, NODE_ENV: 'production', AUTH_DEMO: 'true' });
    expect(problems).toEqual([expect.stringMatching(/^AUTH_DEMO: .*production.*AUTH_DEMO=false/)]);
  });

  it('starts in production on a public address with the real settings, demo and seed off by default', () => {
    const { AUTH_DEMO: _demo, SEED_DEMO: _seed, ADMIN_EMAILS: _admins, ...rest } = REAL;
    const config = loadConfig({ ...rest, NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(config.auth.demo).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.auth.ownerEmails).toEqual([]);
    expect(config.docs).toBe(false);
  });

  it('lists a missing secret once when production and a public address both want it', () => {
    const problems = problemsOf({ NODE_ENV: 'production', HOST: '0.0.0.0', API_KEY: 'a-key-of-our-own' });
    expect(problems.filter((p) => p.startsWith('JWT_SECRET'))).toHaveLength(1);
  });
});

describe('closed behind a proxy: a setting only a public shop needs makes the shop reachable', () => {
  it('refuses the local defaults for a shop behind nginx on the same machine: TRUST_PROXY=1, HOST and NODE_ENV left as they come', () => {
    const problems = problemsOf({ TRUST_PROXY: '1' });
    expect(keysOf(problems)).toEqual(LOCAL_DEFAULT_KEYS);
    for (const problem of problems) expect(problem).toContain('TRUST_PROXY is set, so the shop is reachable from other machines');
    // Demo sign-in, which would hand anyone an admin token through the proxy, is the first thing named.
    expect(problems.find((p) => p.startsWith('AUTH_DEMO'))).toContain('set AUTH_DEMO=false');
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/ALLOW_LOCAL_DEFAULTS=true to try them on this machine/);
  });

  it.each(PUBLIC_SHOP_SETTINGS)('refuses the local defaults when %s is set on loopback', (key) => {
    const problems = problemsOf({ [key]: PUBLIC_VALUES[key] });
    expect(keysOf(problems)).toEqual(LOCAL_DEFAULT_KEYS);
    expect(problems[0]).toContain(`${key} is set`);
  });

  it('counts a real bank account as a public shop’s, the demo one not', () => {
    expect(keysOf(problemsOf({ BANK_ACCOUNT_NUMBER: '0987654321012' }))).toContain('AUTH_DEMO');
    expect(keysOf(problemsOf({ BANK_ACCOUNT_HOLDER: 'NGUYEN VAN CHU' }))).toContain('JWT_SECRET');
    expect(problemsOf({ BANK_ACCOUNT_NUMBER: '0123456789', BANK_ACCOUNT_HOLDER: 'CONG TY LUCKY SHOP' })).toEqual([]);
  });

  it('does not count TRUST_PROXY when it is off', () => {
    for (const off of ['off', 'false', '0']) expect(problemsOf({ TRUST_PROXY: off })).toEqual([]);
  });

  it('starts behind the proxy once every local default is replaced', () => {
    const config = loadConfig({ ...REAL, TRUST_PROXY: '1', GOOGLE_CLIENT_ID: PUBLIC_VALUES.GOOGLE_CLIENT_ID });
    expect(config.auth.demo).toBe(false);
    expect(config.trustProxy).toBe(1);
    expect(config.localDefaultsKeptWith).toEqual([]);
  });

  it('keeps the local defaults with ALLOW_LOCAL_DEFAULTS=true on loopback, and says so in the start-up line', () => {
    const config = loadConfig({ ALLOW_LOCAL_DEFAULTS: 'true', SEPAY_WEBHOOK_SECRET: PUBLIC_VALUES.SEPAY_WEBHOOK_SECRET, TRUST_PROXY: '1' });
    expect(config.auth.demo).toBe(true);
    expect(config.localDefaultsKeptWith).toEqual(['TRUST_PROXY', 'SEPAY_WEBHOOK_SECRET']);
    const line = greeting(config, { port: 8080, webBuilt: true, cwd: process.cwd() });
    expect(line).toContain('⚠ ALLOW_LOCAL_DEFAULTS');
    expect(line).toContain('TRUST_PROXY, SEPAY_WEBHOOK_SECRET are set');
    // Without a setting that needs it, it changes nothing and warns of nothing.
    expect(loadConfig({ ALLOW_LOCAL_DEFAULTS: 'true' }).localDefaultsKeptWith).toEqual([]);
  });

  it('refuses ALLOW_LOCAL_DEFAULTS in production and on a public address', () => {
    expect(problemsOf({ ...REAL, NODE_ENV: 'production', ALLOW_LOCAL_DEFAULTS: 'true' })).toEqual([
      expect.stringMatching(/^ALLOW_LOCAL_DEFAULTS: .*never allowed in production/),
    ]);
    const onPublicHost = problemsOf({ HOST: '0.0.0.0', ALLOW_LOCAL_DEFAULTS: 'true', TRUST_PROXY: '1' });
    expect(onPublicHost).toContainEqual(expect.stringMatching(/^ALLOW_LOCAL_DEFAULTS: .*HOST=0\.0\.0\.0/));
    // The local defaults stay refused there.
    expect(keysOf(onPublicHost)).toEqual(expect.arrayContaining(LOCAL_DEFAULT_KEYS));
  });
});

describe('real details required: the bank account and support links of a public shop', () => {
  const PRODUCTION = { ...REAL, NODE_ENV: 'production' };

  it('requires each bank setting and support link in production, naming the setting that fixes it', () => {
    const { BANK_BIN: _bin, BANK_NAME: _name, BANK_ACCOUNT_NUMBER: _number, BANK_ACCOUNT_HOLDER: _holder, ...rest } = PRODUCTION;
    const { SUPPORT_SOCIAL_URL: _social, SUPPORT_CHAT_URL: _chat, SUPPORT_MESSENGER_URL: _messenger, ...noLinks } = rest;
    const problems = problemsOf(noLinks);
    expect(keysOf(problems)).toEqual([
      'BANK_ACCOUNT_HOLDER',
      'BANK_ACCOUNT_NUMBER',
      'BANK_BIN',
      'BANK_NAME',
      'SUPPORT_CHAT_URL',
      'SUPPORT_MESSENGER_URL',
      'SUPPORT_SOCIAL_URL',
    ]);
    for (const problem of problems) {
      const key = problem.split(':')[0]!;
      expect(problem).toContain('is required in production');
      expect(problem).toContain(`set ${key} to`);
    }
  });

  it.each([
    ['BANK_ACCOUNT_NUMBER', '0123456789'],
    ['BANK_ACCOUNT_HOLDER', 'CONG TY LUCKY SHOP'],
    ['SUPPORT_SOCIAL_URL', 'https://www.facebook.com/luckyshop.vn'],
    ['SUPPORT_CHAT_URL', 'https://zalo.me/0900000000'],
    ['SUPPORT_MESSENGER_URL', 'https://m.me/luckyshop.vn'],
  ])('refuses the demo %s written out in production', (key, demoValue) => {
    expect(problemsOf({ ...PRODUCTION, [key]: demoValue })).toEqual([
      expect.stringMatching(new RegExp(`^${key}: .*demo.*set ${key} to`)),
    ]);
  });

  it('accepts the demo BIN and bank name written out: they are a real bank’s (Vietcombank)', () => {
    expect(problemsOf({ ...PRODUCTION, BANK_BIN: '970436', BANK_NAME: 'Vietcombank' })).toEqual([]);
  });

  it('starts in production with the shop’s own account and links', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.bank).toEqual({ bin: '970422', name: 'MB Bank', accountNumber: '0987654321012', accountHolder: 'HO KINH DOANH CHU SHOP' });
    expect(config.support.chatUrl).toBe('https://zalo.me/0911222333');
  });
});
