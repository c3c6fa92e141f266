/**
 * What production or a public address refuses (config-safety.ts), as loadConfig applies it: the local
 * defaults serve only a shop on loopback (docs/decisions/0012-fail-closed-defaults.md).
 */
import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './config-safety.js';
import { loadConfig } from './config.js';
import { problemsOf } from './test/config-problems.js';

const REAL = {
  JWT_SECRET: 'j'.repeat(40),
  SECRET_KEY: 's'.repeat(40),
  API_KEY: 'a-key-of-our-own',
  ADMIN_EMAILS: 'chu@shop.vn',
  AUTH_DEMO: 'false',
  SEED_DEMO: 'false',
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
      expect(Object.keys(byKey).sort()).toEqual([
        'ADMIN_EMAILS',
        'API_KEY',
        'AUTH_DEMO',
        'JWT_SECRET',
        'SECRET_KEY',
        'SEED_DEMO',
      ]);
      expect(byKey.AUTH_DEMO).toContain('set AUTH_DEMO=false');
      expect(byKey.SEED_DEMO).toContain('set SEED_DEMO=false');
      expect(byKey.JWT_SECRET).toContain('set JWT_SECRET');
      expect(byKey.SECRET_KEY).toContain('set SECRET_KEY');
      expect(byKey.API_KEY).toContain('set API_KEY');
      expect(byKey.ADMIN_EMAILS).toContain('set ADMIN_EMAILS');
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
    expect(config.auth.adminEmails).toEqual(['chu@shop.vn']);
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
    expect(config.auth.adminEmails).toEqual([]);
    expect(config.docs).toBe(false);
  });

  it('lists a missing secret once when production and a public address both want it', () => {
    const problems = problemsOf({ NODE_ENV: 'production', HOST: '0.0.0.0', API_KEY: 'a-key-of-our-own' });
    expect(problems.filter((p) => p.startsWith('JWT_SECRET'))).toHaveLength(1);
  });
});
