/**
 * `npm run dev` serves the web app from Vite's dev server, which forwards the API's calls to the API
 * (apps/web/dev-proxy.ts). A route it does not forward works in production and fails in development only:
 * every route the API registers must be forwarded, and none of the web app's own pages and files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../web/dev-proxy.js';
import { createTestApp, type TestApp } from './test/harness.js';

/** Vite's rule for `server.proxy` keys: one starting with `^` is a regular expression tested on the URL, another a prefix. */
const forwarded = (url: string) =>
  API_PATHS.some((key) => (key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key)));

/**
 * Every route's path in Fastify's printed route tree (`printRoutes`): four characters of indentation a
 * level, a child's label continuing its parent's path, a route's methods in brackets after its label.
 */
function routePaths(tree: string): string[] {
  const paths: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─ ]*)(\S+)( \([A-Z, ]+\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4 - 1;
    parents.length = depth;
    parents.push(match[2]!);
    if (match[3]) paths.push(parents.join(''));
  }
  return paths;
}

/** A URL the route answers: each parameter and wildcard given a value. */
const sample = (path: string) => path.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOCS: 'true' });
});
afterAll(async () => {
  await t?.close();
});

describe("the dev server's proxy", () => {
  it('forwards every route the API registers', () => {
    const paths = routePaths(t.app.printRoutes({ commonPrefix: false }));
    // The tree was read: the calls of each part of the shop are among the routes.
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/api/v1/auth/:provider-sign-in',
        '/platform/api/v1/platform/list',
        '/order/api/v1/order/:id',
        '/payment/api/v1/webhook/sepay',
        '/payment/api/v1/admin/transfer/list',
        '/storage/api/v1/storage/file/:fileId',
        '/docs/json',
        '/healthz',
      ]),
    );
    expect(paths.filter((path) => !forwarded(sample(path)))).toEqual([]);
    expect(forwarded('/platform/api/v1/platform/list?keyword=&is_active=true')).toBe(true);
  });

  it("leaves the web app's pages and files to the dev server", () => {
    for (const url of [
      '/',
      '/item/3',
      '/gameorder',
      '/gameorder/abc',
      '/signin',
      '/admin/orders',
      '/admin/transfers',
      '/src/main.tsx',
      '/@vite/client',
      '/assets/index-abc123.js',
      '/favicon.svg',
    ]) {
      expect(forwarded(url), url).toBe(false);
    }
  });
});
