/**
 * Serves the built web app on the API's port (DESIGN.md § Shape): fingerprinted assets with
 * immutable caching and pre-compressed variants, and index.html for every client route, with the
 * browser's public settings injected as a JSON data block (no inline script, so the CSP stays strict).
 *
 * What a page's first paint needs comes with its HTML (docs/decisions/0015): the route's own chunks as
 * `<link rel="modulepreload">` (the build lists them per route, with code to prefetch for later), and on
 * the catalogue pages the catalogue responses the page would ask for, as a JSON data block, with its
 * largest picture preloaded.
 *
 * The storefront's pages come rendered (docs/decisions/0018): the web build's server render
 * (apps/web/src/entry-server.tsx, built into `.ssr/`) puts the page's markup into `<div id="root">`, so
 * it paints from the HTML and the browser's code hydrates it. Without that build (or when it fails)
 * the page is sent with an empty root, which the web app renders into as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Platform, PublicConfig, StoreItem } from '@lucky/shared';
import type { AppContext } from '../context.js';
import { platformListBody, storeListBody, type Catalogue } from '../modules/catalog/service.js';

export function publicConfig(ctx: AppContext): PublicConfig {
  const { config } = ctx;
  return {
    api_key: config.apiKey,
    google_client_id: config.auth.google.clientId,
    demo_sign_in: config.auth.demo,
    facebook_enabled: config.auth.facebook !== null,
    bank: {
      bin: config.bank.bin,
      name: config.bank.name,
      account_number: config.bank.accountNumber,
      account_holder: config.bank.accountHolder,
    },
    support: {
      social_url: config.support.socialUrl,
      chat_url: config.support.chatUrl,
      messenger_url: config.support.messengerUrl,
    },
  };
}

/** JSON inside `<script type="application/json">`: `<` escaped, so no `</script>` can end the block early. */
const jsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

export function injectConfig(html: string, value: PublicConfig): string {
  return html.replace('</head>', `<script id="app-config" type="application/json">${jsonForHtml(JSON.stringify(value))}</script></head>`);
}

// ---------- per-route first load ----------

/**
 * Written by the web build (apps/web/src/app/page-modules.ts): each client route's chunks, and the
 * markers around the home page's preload tags in index.html, which are replaced per route.
 */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const PRELOADS_START = '<!--lucky:route-preloads-->';
const PRELOADS_END = '<!--/lucky:route-preloads-->';

/** The catalogue calls as the web app sends them (apps/web/src/features/catalog/api.ts): the data block's keys. */
export const PLATFORM_LIST_PATH = '/platform/api/v1/platform/list?keyword=&is_active=true';
export const storeListPath = (platformId: number) => `/store/api/v1/store/list?keyword=&store_platform=${platformId}`;
/** Where a stored picture is served (modules/storage), as the web app's fileUrl builds it on this origin. */
const fileUrl = (fileId: string) => `/storage/api/v1/storage/file/${encodeURIComponent(fileId)}`;

/** What the build lists for a route: chunks to modulepreload, and code it may need later to prefetch. */
export interface RouteFiles {
  modulepreload: string[];
  prefetch: string[];
}

/**
 * The route's tags in place of the home page's preloads; none for a route the build does not list.
 * `afterPaint`: the page comes rendered (docs/decisions/0018), its code is not needed for the first
 * paint and must not compete with it: the chunks are named in `<meta name="lucky-modules">`, which the
 * web app's entry preloads once the page has painted (apps/web/src/main.tsx), instead of at once.
 */
export function withRoutePreloads(html: string, files: RouteFiles | undefined, afterPaint = false): string {
  const start = html.indexOf(PRELOADS_START);
  const end = html.indexOf(PRELOADS_END);
  if (start < 0 || end < start) return html;
  const modules = files?.modulepreload ?? [];
  const tags = afterPaint
    ? modules.length
      ? [`<meta name="lucky-modules" content="${modules.join(' ')}">`]
      : []
    : modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  // Fetched by the page once it has loaded (apps/web/src/lib/after-first-load.ts): prefetch links would
  // be fetched while it still loads, competing with what it shows.
  if (files?.prefetch.length) tags.push(`<meta name="lucky-prefetch" content="${files.prefetch.join(' ')}">`);
  return html.slice(0, start) + tags.join('') + html.slice(end + PRELOADS_END.length);
}

/** What one page's HTML carries besides the template: API responses (JSON bytes by path) and pictures to preload. */
export interface PageData {
  responses: [path: string, json: Buffer][];
  images: string[];
}

/**
 * The data block (`<script id="initial-data" type="application/json">`, read by apps/web/src/lib/initial-data.ts)
 * and the preload of the page's largest picture, before `</head>`.
 */
export function injectPageData(html: string, data: PageData): string {
  const images = data.images
    .map((fileId) => `<link rel="preload" as="image" href="${fileUrl(fileId)}" fetchpriority="high">`)
    .join('');
  const block =
    data.responses.length === 0
      ? ''
      : `<script id="initial-data" type="application/json">${jsonForHtml(
          `{${data.responses.map(([key, json]) => `${JSON.stringify(key)}:${json.toString('utf8')}`).join(',')}}`,
        )}</script>`;
  return html.replace('</head>', `${images}${block}</head>`);
}

// ---------- server-rendered markup ----------

/** The web build's server render (apps/web/src/entry-server.tsx), beside the build in a directory @fastify/static does not serve. */
const SERVER_RENDER_FILE = '.ssr/entry-server.js';

/** What the server render exports. */
export interface ServerRender {
  /** Once, before any render: the public settings the pages show (the support links) and the pages' code. */
  prepare(config: PublicConfig): Promise<void>;
  /** The markup of the page at `url`, its queries answered by `data` (the initial-data block's responses, by path). */
  render(url: string, data: Record<string, unknown>): string;
}

/** The server render, ready to use; null when the web build has none or it cannot load. */
export async function loadServerRender(app: FastifyInstance, webDist: string, config: PublicConfig): Promise<ServerRender | null> {
  const file = path.join(webDist, SERVER_RENDER_FILE);
  if (!fs.existsSync(file)) {
    app.log.warn({ file }, 'web app built without its server render: pages paint once their code has run');
    return null;
  }
  try {
    const module = (await import(pathToFileURL(file).href)) as ServerRender;
    await module.prepare(config);
    return module;
  } catch (error) {
    app.log.error({ err: error, file }, 'server render unavailable: pages paint once their code has run');
    return null;
  }
}

const EMPTY_ROOT = '<div id="root"></div>';

/** The page's markup inside its `<div id="root">`. */
export function withMarkup(html: string, markup: string): string {
  return markup ? html.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`) : html;
}

const parse = <T>(json: Buffer): T => JSON.parse(json.toString('utf8')) as T;
/** The home grid's list: active games, no keyword. */
const activePlatforms = (catalogue: Catalogue) => platformListBody(catalogue, { keyword: '', is_active: true }).bytes;

/** `/`: the games on the home grid; its first card's picture is the largest thing on a phone's first screen. */
export function homeData(catalogue: Catalogue): PageData {
  const platforms = activePlatforms(catalogue);
  const first = parse<Platform[]>(platforms)[0];
  return { responses: [[PLATFORM_LIST_PATH, platforms]], images: first?.picture ? [first.picture] : [] };
}

export const hasPlatform = (catalogue: Catalogue, platformId: number): boolean =>
  catalogue.platforms.some((entry) => entry.value.id === platformId);

/** `/item/:id` of a game on sale: the games (the page finds its own among them) and the game's items; the first item's picture. */
export function platformData(catalogue: Catalogue, platformId: number): PageData {
  const items = storeListBody(catalogue, { keyword: '', store_platform: platformId }).bytes;
  const first = parse<StoreItem[]>(items)[0];
  return {
    responses: [
      [PLATFORM_LIST_PATH, activePlatforms(catalogue)],
      [storeListPath(platformId), items],
    ],
    images: first?.picture ? [first.picture] : [],
  };
}

interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string): Page {
  const bytes = Buffer.from(html);
  return {
    html: bytes,
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
    }),
    gzip: zlib.gzipSync(bytes, { level: 9 }),
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page): FastifyReply {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

const PLATFORM_ID = /^[1-9]\d{0,9}$/;

/** Registers static serving; returns the index.html responder for client routes, or null without a build. */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const indexPath = path.join(ctx.config.webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist: ctx.config.webDist }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  const settings = publicConfig(ctx);
  const template = injectConfig(fs.readFileSync(indexPath, 'utf8'), settings);
  const serverRender = await loadServerRender(app, ctx.config.webDist, settings);
  /** The page's markup, or none (an empty root, rendered by the browser) when the render fails. */
  const markup = (url: string, responses: PageData['responses'] = []): string => {
    if (!serverRender) return '';
    try {
      return serverRender.render(url, Object.fromEntries(responses.map(([key, json]) => [key, parse<unknown>(json)])));
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed: sending the page with an empty root');
      return '';
    }
  };
  const preloadsPath = path.join(ctx.config.webDist, ROUTE_PRELOADS_FILE);
  const routes: Record<string, RouteFiles> = fs.existsSync(preloadsPath)
    ? (JSON.parse(fs.readFileSync(preloadsPath, 'utf8')) as Record<string, RouteFiles>)
    : {};
  const templates = new Map(
    Object.entries(routes).map(([route, files]) => [route, withRoutePreloads(template, files, serverRender !== null)]),
  );
  const routeTemplate = (route: string) => templates.get(route) ?? template;
  // Rendered without data: the catalogue pages when the catalogue is unavailable (their outline), the
  // others always (their content is the customer's own: the frame and the page's outline).
  const staticPages = new Map(
    [...templates].map(([route, html]) => [route, compressed(withMarkup(html, markup(route.replace(':id', '0'))))]),
  );
  // Any other client route (the admin console, an unknown address): the entry only, no page's chunks.
  const otherPage = compressed(withRoutePreloads(template, undefined));

  // Pages with catalogue data, per catalogue and page: a new catalogue (an admin's change) starts afresh.
  // Keys come from the catalogue (a game's id), never from the address alone, so they stay few.
  const dataPages = new WeakMap<Catalogue, Map<string, Page>>();
  async function catalogPage(
    request: FastifyRequest,
    route: string,
    page: (catalogue: Catalogue) => { key: string; url: string; data: () => PageData },
  ): Promise<Page> {
    let catalogue: Catalogue;
    try {
      catalogue = await ctx.catalogue.current();
    } catch (error) {
      // The page still works without its data: it asks the API, which answers with the error.
      request.log.warn({ err: error }, 'catalogue unavailable: serving the page without its data');
      return staticPages.get(route) ?? otherPage;
    }
    let pages = dataPages.get(catalogue);
    if (!pages) dataPages.set(catalogue, (pages = new Map()));
    const { key, url, data } = page(catalogue);
    let built = pages.get(key);
    if (!built) {
      const pageData = data();
      const html = withMarkup(injectPageData(routeTemplate(route), pageData), markup(url, pageData.responses));
      pages.set(key, (built = compressed(html)));
    }
    return built;
  }

  await app.register(fastifyStatic, {
    root: ctx.config.webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  const hide = { schema: { hide: true } };
  const home = async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, await catalogPage(request, '/', (catalogue) => ({ key: '/', url: '/', data: () => homeData(catalogue) })));
  app.get('/', hide, home);
  app.get('/index.html', hide, home);
  app.get<{ Params: { id: string } }>('/item/:id', hide, async (request, reply) => {
    const id = PLATFORM_ID.test(request.params.id) ? Number(request.params.id) : null;
    const page = await catalogPage(request, '/item/:id', (catalogue) =>
      id !== null && hasPlatform(catalogue, id)
        ? { key: `item/${id}`, url: `/item/${id}`, data: () => platformData(catalogue, id) }
        : // Any address of no game on sale: the same page (not found), whatever the address says.
          { key: 'item', url: '/item/0', data: () => ({ ...homeData(catalogue), images: [] }) },
    );
    return sendPage(request, reply, page);
  });
  // The other pages the build lists (sign-in, orders): their chunks only; their data is the customer's own.
  for (const [route, page] of staticPages) {
    if (route === '/' || route === '/item/:id') continue;
    app.get(route, hide, (request, reply) => sendPage(request, reply, page));
  }
  // The not-found handler's page (errors.ts) for any other client route: sent as it is.
  return (reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(otherPage.html);
}
