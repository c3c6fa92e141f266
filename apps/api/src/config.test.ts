import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN_EMAIL, loadConfig } from './config.js';

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

  it('makes the demo admin an admin only locally, with demo sign-in on and no ADMIN_EMAILS', () => {
    expect(loadConfig({}).auth.adminEmails).toEqual([DEMO_ADMIN_EMAIL]);
    expect(loadConfig({ AUTH_DEMO: 'false' }).auth.adminEmails).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: 'Chu@Shop.vn, ops@shop.vn' }).auth.adminEmails).toEqual(['chu@shop.vn', 'ops@shop.vn']);
    const production = loadConfig({
      NODE_ENV: 'production',
      AUTH_DEMO: 'true',
      JWT_SECRET: 'x'.repeat(32),
      SECRET_KEY: 'y'.repeat(32),
      API_KEY: 'a-real-production-key',
    });
    expect(production.auth.adminEmails).toEqual([]);
  });

  it('turns demo sign-in and the demo seed off in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SECRET_KEY: 'y'.repeat(32), API_KEY: 'a-real-production-key' });
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
