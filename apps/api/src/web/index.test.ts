import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import type { FastifyInstance } from 'fastify';
import type { Platform, StoreItem } from '@lucky/shared';
import { SIGNED_IN_HINT } from '@lucky/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../db/client.js';
import { eq } from 'drizzle-orm';
import { storeItems } from '../db/schema.js';
import { createOrder, createPlatform, createStoredFile, createStoreItem } from '../test/fixtures.js';
import { TEST_API_KEY, testConfig } from '../test/harness.js';
import { PAGE_SESSION_COOKIE } from './customer-pages.js';

const TOAST = '/assets/toast-view-t1.js';
const page = (...modulepreload: string[]) => ({ modulepreload, prefetch: [TOAST] });
const ROUTE_PRELOADS = {
  '/': page('/assets/home-page-h1.js'),
  '/item/:id': { modulepreload: ['/assets/platform-page-p1.js'], prefetch: [TOAST, '/assets/sign-in-dialog-s1.js'] },
  '/gameorder': page('/assets/order-list-page-l1.js'),
  '/gameorder/:id': page('/assets/order-detail-page-d1.js'),
  '/signin': page('/assets/sign-in-page-s1.js'),
};

/** The hrefs of the page's `<link rel="modulepreload">` tags. */
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** The chunks a server-rendered page preloads once it has painted (`<meta name="lucky-modules">`). */
const pageModules = (html: string) => /<meta name="lucky-modules" content="([^"]*)">/.exec(html)?.[1]?.split(' ') ?? [];
/** What the page's HTML has inside `<div id="root">`. */
const rootMarkup = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
const PROMISE = 'Đơn nạp được hoàn thành trước 16:00 trong ngày.';
/** The files the page prefetches once loaded (`<meta name="lucky-prefetch">`). */
const prefetches = (html: string) => /<meta name="lucky-prefetch" content="([^"]*)">/.exec(html)?.[1]?.split(' ') ?? [];
/** The page's catalogue data block, by call path; null when it has none. */
const initialData = (html: string): Record<string, unknown> | null => {
  // `s`: a text of the catalogue may hold U+2028, which `.` does not match otherwise.
  const block = /<script id="initial-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : null;
};
/** The page without its data block and with an empty root: what every page of a route shares. */
const outsideData = (html: string) =>
  html.replace(/<script id="initial-data" type="application\/json">.*?<\/script>/s, '').replace(rootMarkup(html), '');
const imagePreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/g)].map((m) => m[1]);

let dir: string;
let app: FastifyInstance;
let database: Database;
const script = 'console.log("lucky shop");'.repeat(50);
const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

beforeAll(async () => {
  // A stand-in for the built web app: index.html and one fingerprinted asset with its compressed twins.
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lucky-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  // As the web build writes it: the home page's preload tags between markers, every route's in route-preloads.json.
  await fs.writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>Lucky</title><script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <!--lucky:route-preloads--><link rel="modulepreload" crossorigin href="/assets/home-page-h1.js"><!--/lucky:route-preloads-->
  </head><body><div id="root"></div></body></html>`,
  );
  await fs.mkdir(path.join(dir, '.vite'));
  await fs.writeFile(path.join(dir, '.vite/route-preloads.json'), JSON.stringify(ROUTE_PRELOADS));
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js'), script);
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dir, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));
  await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A picture: no compressed twins.
  await fs.writeFile(path.join(dir, 'assets/logo-def456.png'), picture);
  // The web app's real server render (apps/web/src/entry-server.tsx), built as `npm run build` does.
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
  await build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: path.join(dir, '.ssr') },
  });

  const config = { ...testConfig({ WEB_DIST: dir, BANK_ACCOUNT_NUMBER: '99887766', ALLOW_LOCAL_DEFAULTS: 'true' }), database: { kind: 'pglite' as const, dataDir: null } };
  database = await openDatabase(config);
  app = await buildApp(config, { database, serveWeb: true });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('answers / and every client route with index.html carrying the public settings, never cached', async () => {
    for (const url of ['/', '/item/3', '/gameorder/abc', '/admin/orders']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      const config = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body)![1]!);
      expect(config).toMatchObject({ api_key: TEST_API_KEY, demo_sign_in: true, bank: { account_number: '99887766' } });
      // Public settings only: no secret leaves the server.
      expect(res.body).not.toContain(app.ctx.config.auth.jwtSecret);
      expect(res.body).not.toContain(app.ctx.config.secretKey);
    }
  });

  it('serves fingerprinted assets pre-compressed, with immutable caching', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers.vary).toBe('accept-encoding');
    }
    // Each variant has its own validator, so a cache that kept one never takes it for another.
    expect(new Set([br, gz, plain].map((res) => res.headers.etag)).size).toBe(3);
  });

  it('answers a browser revalidating a file it holds with 304 and no body', async () => {
    const first = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ method: 'GET', url: '/favicon.svg', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-type']).toBe('image/svg+xml');
  });

  it('sends a picture as it is, with its length, and its headers alone to HEAD', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/logo-def456.png', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload.equals(picture)).toBe(true);
    const head = await app.inject({ method: 'HEAD', url: '/assets/logo-def456.png' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(picture.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('caches other static files for an hour only', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const apiMiss = await app.inject({ method: 'GET', url: '/order/api/v1/nothing', headers: { 'x-api-key': TEST_API_KEY } });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json().code).toBe('NOT_FOUND');
    const fileMiss = await app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(fileMiss.statusCode).toBe(404);
    expect(fileMiss.headers['content-type']).toContain('application/json');
  });

  it("serves the build's files by their exact names only, and nothing of its hidden folders", async () => {
    for (const url of ['/FAVICON.svg', '/Assets/index-abc123.js', '/assets/index-abc123.js.br', '/.vite/route-preloads.json', '/.ssr/entry-server.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
  });
});

describe('what a page needs first comes with its HTML', () => {
  const pictures: string[] = [];
  const picture = (n: number) => pictures[n - 1]!;
  let game: { id: number };
  let hidden: { id: number };

  beforeAll(async () => {
    const { db } = app.ctx;
    for (let n = 0; n < 3; n++) pictures.push(await createStoredFile(db));
    game = await createPlatform(db, { name: 'Rồng </script><b>Lửa', picture: picture(1), sortOrder: 1 });
    await createPlatform(db, { name: 'Kiếm Thần', picture: picture(2), sortOrder: 2 });
    hidden = await createPlatform(db, { name: 'Ngừng bán', isActive: false });
    const first = await createStoreItem(db, game.id, { name: 'Gói 1' });
    await db.update(storeItems).set({ picture: picture(3) }).where(eq(storeItems.id, first.id));
    await createStoreItem(db, game.id, { name: 'Gói 2' });
    // Written behind the catalogue's back: the next read loads it afresh.
    app.ctx.catalogue.invalidate();
  });

  /** What the API itself answers to a call, parsed. */
  const answer = async (url: string) =>
    (await app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_API_KEY } })).json() as unknown;

  it("gives / the home page's chunks, the game list as the API answers it, and the first game's picture", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    // The page comes rendered: its chunks are preloaded once it has painted, not before.
    expect(pageModules(res.body)).toEqual(['/assets/home-page-h1.js']);
    expect(modulePreloads(res.body)).toEqual([]);
    expect(prefetches(res.body)).toEqual([TOAST]);
    const platformList = '/platform/api/v1/platform/list?keyword=&is_active=true';
    expect(initialData(res.body)).toEqual({ [platformList]: await answer(platformList) });
    expect(imagePreloads(res.body)).toEqual([`/storage/api/v1/storage/file/${picture(1)}`]);
    // A name cannot end the data block early.
    expect(res.body).not.toContain('</script><b>');
  });

  it("gives /item/{id} its own chunks, the games and the game's items, and the first item's picture", async () => {
    const res = await app.inject({ method: 'GET', url: `/item/${game.id}` });
    expect(pageModules(res.body)).toEqual(ROUTE_PRELOADS['/item/:id'].modulepreload);
    expect(prefetches(res.body)).toEqual(ROUTE_PRELOADS['/item/:id'].prefetch);
    const platformList = '/platform/api/v1/platform/list?keyword=&is_active=true';
    const storeList = `/store/api/v1/store/list?keyword=&store_platform=${game.id}`;
    expect(initialData(res.body)).toEqual({ [platformList]: await answer(platformList), [storeList]: await answer(storeList) });
    expect((initialData(res.body)![storeList] as unknown[]).length).toBe(2);
    expect(imagePreloads(res.body)).toEqual([`/storage/api/v1/storage/file/${picture(3)}`]);
  });

  it('gives a game that is not on sale, or no game, the game list alone', async () => {
    for (const url of [`/item/${hidden.id}`, '/item/999999', '/item/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(pageModules(res.body)).toEqual(ROUTE_PRELOADS['/item/:id'].modulepreload);
      expect(Object.keys(initialData(res.body)!)).toEqual(['/platform/api/v1/platform/list?keyword=&is_active=true']);
      expect(imagePreloads(res.body)).toEqual([]);
    }
  });

  it("gives the customer's own pages their chunks and no data; other addresses the entry alone", async () => {
    for (const [url, route] of [
      ['/signin', '/signin'],
      ['/gameorder?page=2', '/gameorder'],
      ['/gameorder/abc', '/gameorder/:id'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(pageModules(res.body)).toEqual(ROUTE_PRELOADS[route].modulepreload);
      expect(prefetches(res.body)).toEqual([TOAST]);
      expect(initialData(res.body)).toBeNull();
    }
    const admin = await app.inject({ method: 'GET', url: '/admin/orders' });
    expect(modulePreloads(admin.body)).toEqual([]);
    expect(pageModules(admin.body)).toEqual([]);
    expect(prefetches(admin.body)).toEqual([]);
    expect(admin.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  });

  it('renders / into its HTML: the games of the data block, escaped, inside the frame', async () => {
    const root = rootMarkup((await app.inject({ method: 'GET', url: '/' })).body);
    expect(root).toContain('Lựa chọn trò chơi');
    expect(root).toContain('alt="Kiếm Thần"');
    // A name is text: its markup shows as characters, it adds no element and ends no block.
    expect(root).toContain('Rồng &lt;/script&gt;&lt;b&gt;Lửa');
    expect(root).not.toContain('<b>');
    expect(root).not.toContain('Ngừng bán');
    expect(root).toContain(PROMISE);
  });

  it("renders /item/{id} into its HTML: the game's items and prices", async () => {
    const root = rootMarkup((await app.inject({ method: 'GET', url: `/item/${game.id}` })).body);
    expect(root).toContain('Rồng &lt;/script&gt;&lt;b&gt;Lửa');
    expect(root).toContain('Gói 1');
    expect(root).toContain('Gói 2');
    expect(root).toContain('20.000 VNĐ');
    expect(root).toContain(PROMISE);
    // The cart is the visitor's (localStorage): empty in the HTML.
    expect(root).not.toContain('ls-cart-lines');
    expect(rootMarkup((await app.inject({ method: 'GET', url: '/item/999999' })).body)).toContain('Không tìm thấy trò chơi');
  });

  it('renders /item/{id} with the order form where it will be when the browser says it holds a session, and only then', async () => {
    const visitor = await app.inject({ method: 'GET', url: `/item/${game.id}` });
    expect(rootMarkup(visitor.body)).toContain('Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.');
    expect(rootMarkup(visitor.body)).not.toContain('<form');
    expect(Object.keys(initialData(visitor.body) ?? {})).not.toContain(SIGNED_IN_HINT.dataKey);
    expect(visitor.headers.vary).toBe('accept-encoding, cookie');

    const hinted = await app.inject({ method: 'GET', url: `/item/${game.id}`, headers: { cookie: `other=1; ${SIGNED_IN_HINT.cookie}=1` } });
    const root = rootMarkup(hinted.body);
    expect(root).not.toContain('Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.');
    expect(root).toContain('<form');
    // Inert until the browser's app is live: typed before that, nothing is sent in the address.
    expect(root).toMatch(/<input[^>]*disabled/);
    expect(initialData(hinted.body)?.[SIGNED_IN_HINT.dataKey]).toBe(true);
    // The same game and items; no customer's data, as the hint proves nothing.
    expect(root).toContain('Gói 1');
    expect(hinted.headers['cache-control']).toBe('no-cache');

    // A hint of any other value is no hint.
    const other = await app.inject({ method: 'GET', url: `/item/${game.id}`, headers: { cookie: `${SIGNED_IN_HINT.cookie}=yes` } });
    expect(rootMarkup(other.body)).toContain('Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.');
  });

  it("renders the customer's own pages as the frame and the page's outline: no customer's data", async () => {
    const signin = rootMarkup((await app.inject({ method: 'GET', url: '/signin' })).body);
    expect(signin).toContain('Đăng nhập để đặt hàng và theo dõi đơn hàng của bạn.');
    expect(signin).toContain(PROMISE);
    // Whoever asks, the header reads as for a visitor: the session is the browser's.
    for (const url of ['/gameorder', '/gameorder?page=2']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer whatever' } });
      expect(rootMarkup(res.body)).toContain('Danh sách đơn hàng');
      expect(rootMarkup(res.body)).toContain('href="/signin"');
      expect(rootMarkup(res.body)).toContain(PROMISE);
    }
    expect(rootMarkup((await app.inject({ method: 'GET', url: '/gameorder/abc' })).body)).toContain('Chi tiết đơn hàng');
    // The admin console and unknown addresses are rendered by the browser.
    expect(rootMarkup((await app.inject({ method: 'GET', url: '/admin/orders' })).body)).toBe('');
  });

  it("renders the order pages with the customer's data when the page session's cookie comes with the request", async () => {
    const signIn = async (email: string) => {
      const tokens = (
        await app.inject({
          method: 'POST',
          url: '/auth/api/v1/auth/demo-sign-in',
          headers: { 'x-api-key': TEST_API_KEY },
          payload: { user_access_token: email },
        })
      ).json<{ access_token: string }>();
      const me = await app.inject({ method: 'GET', url: '/user/api/v1/user', headers: { 'x-api-key': TEST_API_KEY, authorization: tokens.access_token } });
      return { token: tokens.access_token, id: me.json<{ id: string }>().id };
    };
    const customer = await signIn('page-session@example.com');
    const stranger = await signIn('page-session-other@example.com');
    const placed = await createOrder(app.ctx.db, {
      userId: customer.id,
      platformId: game.id,
      lines: [{ storeId: (await createStoreItem(app.ctx.db, game.id)).id, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
    });
    const cookie = (token: string) => ({ cookie: `other=1; ${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}` });
    const orderCall = `/order/api/v1/order/${placed.id}`;

    const detail = await app.inject({ method: 'GET', url: `/gameorder/${placed.id}`, headers: cookie(customer.token) });
    expect(detail.headers['cache-control']).toBe('private, no-store');
    expect(Object.keys(initialData(detail.body) ?? {})).toEqual([orderCall]);
    const code = (initialData(detail.body)![orderCall] as { code: string }).code;
    // The page itself, not its outline: the order's code and its due time's line.
    expect(rootMarkup(detail.body)).toContain(code);
    expect(rootMarkup(detail.body)).toContain('Hạn hoàn thành');

    const list = await app.inject({ method: 'GET', url: '/gameorder?page=1', headers: cookie(customer.token) });
    expect(Object.keys(initialData(list.body) ?? {})).toEqual(['/order/api/v1/order/list?page=1&limit=10']);
    expect(rootMarkup(list.body)).toContain(code);

    // Another customer's cookie, a refused token, or none: the page as for anyone, without data.
    for (const headers of [cookie(stranger.token), cookie('not-a-token'), {}]) {
      const res = await app.inject({ method: 'GET', url: `/gameorder/${placed.id}`, headers });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(initialData(res.body)).toBeNull();
      expect(rootMarkup(res.body)).not.toContain(code);
    }
  });

  it('sends the HTML compressed when the browser accepts it', async () => {
    const plain = await app.inject({ method: 'GET', url: `/item/${game.id}` });
    const br = await app.inject({ method: 'GET', url: `/item/${game.id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ method: 'GET', url: '/signin', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<div id="root">');
  });

  it("follows the catalogue: an admin's change shows in the next page", async () => {
    await createPlatform(app.ctx.db, { name: 'Mới mở bán', sortOrder: 0 });
    app.ctx.catalogue.invalidate();
    const res = await app.inject({ method: 'GET', url: '/' });
    const list = Object.values(initialData(res.body)!)[0] as { name: string }[];
    expect(list[0]!.name).toBe('Mới mở bán');
    expect(rootMarkup(res.body)).toContain('alt="Mới mở bán"');
  });

  it("carries any text of the catalogue intact: `$&`, `$'`, `` $` ``, </script> and U+2028 neither end nor splice the data block", async () => {
    const odd = "$` $' $& </script> \u2028 $$";
    const oddGame = await createPlatform(app.ctx.db, { name: `Game ${odd}`, sortOrder: 99 });
    await createStoreItem(app.ctx.db, oddGame.id, { name: `Gói ${odd}`, description: `Mô tả ${odd}` });
    app.ctx.catalogue.invalidate();
    const platformList = '/platform/api/v1/platform/list?keyword=&is_active=true';
    const storeList = `/store/api/v1/store/list?keyword=&store_platform=${oddGame.id}`;

    const res = await app.inject({ method: 'GET', url: `/item/${oddGame.id}` });
    const data = initialData(res.body)!;
    expect(data).toEqual({ [platformList]: await answer(platformList), [storeList]: await answer(storeList) });
    expect((data[platformList] as Platform[]).find((entry) => entry.id === oddGame.id)?.name).toBe(`Game ${odd}`);
    expect((data[storeList] as StoreItem[]).map((item) => [item.name, item.description])).toEqual([[`Gói ${odd}`, `Mô tả ${odd}`]]);
    // Outside its data block and root, the page is the one every game page of the address has.
    const other = await app.inject({ method: 'GET', url: '/item/999999' });
    expect(outsideData(res.body)).toBe(outsideData(other.body));
    expect(res.body.split('</head>')).toHaveLength(2);
    // The item's name shows as text in the rendered page.
    const asText = odd.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
    expect(rootMarkup(res.body)).toContain(`Gói ${asText}`);
  });
});
