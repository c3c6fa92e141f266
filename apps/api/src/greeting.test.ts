import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { greeting, shopUrl } from './greeting.js';

const at = (env: Record<string, string>, webBuilt = true) =>
  greeting(loadConfig({ DATA_DIR: '/srv/shop/data', ...env }), { port: 8080, webBuilt, cwd: '/srv/shop' });

describe('the start-up greeting', () => {
  it('tells a newcomer where the shop is, its database and how to sign in', () => {
    expect(at({})).toBe(
      'Lucky Shop: http://localhost:8080 — database: PGlite (./data/pglite) — sign in with any email; admin@lucky.local opens /admin',
    );
  });

  it('names a PostgreSQL server without its credentials', () => {
    const line = at({ DATABASE_URL: 'postgres://shop:s3cret-pass@db.internal:5433/lucky' });
    expect(line).toContain('database: PostgreSQL (db.internal:5433/lucky)');
    expect(line).not.toContain('s3cret-pass');
    expect(line).not.toContain('shop:');
  });

  it('says how to sign in without demo sign-in', () => {
    expect(
      at({ AUTH_DEMO: 'false', GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com', ADMIN_EMAILS: 'chu@shop.vn', ALLOW_LOCAL_DEFAULTS: 'true' }),
    ).toContain('sign in with Google; chu@shop.vn opens /admin');
    expect(at({ AUTH_DEMO: 'false' })).toContain('no sign-in is set up: set GOOGLE_CLIENT_ID');
    expect(at({ ADMIN_EMAILS: 'a@shop.vn,b@shop.vn,c@shop.vn' })).toContain(
      'sign in with any email; a@shop.vn, b@shop.vn and 1 more open /admin',
    );
  });

  it('says when the web app is not built', () => {
    expect(at({}, false)).toContain('http://localhost:8080 (API only: run npm run build for the web app)');
  });

  it('writes the address a person types', () => {
    expect(shopUrl('127.0.0.1', 8080)).toBe('http://localhost:8080');
    expect(shopUrl('0.0.0.0', 80)).toBe('http://localhost:80');
    expect(shopUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(shopUrl('192.168.1.5', 8080)).toBe('http://192.168.1.5:8080');
  });
});
