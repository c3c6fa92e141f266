/**
 * Serves the built web app on the API's port: its files (assets.ts), and for every client route the built
 * index.html with the browser's public settings (public-config.ts), the route's own chunks
 * (route-preloads.ts), on the catalogue pages the catalogue data the page would ask for (page-data.ts,
 * catalogue-pages.ts), on the order pages the customer's own data when the page session's cookie comes
 * with the request (customer-pages.ts), and the page's markup from the web build's server render
 * (page-render.ts), sent compressed (page-response.ts). See docs/decisions/0015-page-speed.md and
 * docs/decisions/0018-server-rendered-first-paint.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { registerAssets } from './assets.js';
import { cataloguePages } from './catalogue-pages.js';
import { customerPageCalls, customerResponses, hasSignedInHint, type CustomerRoute } from './customer-pages.js';
import { hasPlatform, homeData, platformData, withPageData, withSignedInHint } from './page-data.js';
import { loadServerRender, pageMarkup, withMarkup } from './page-render.js';
import { compressPage, sendPage, sendPrivatePage } from './page-response.js';
import { publicConfig, withPublicConfig } from './public-config.js';
import { readRouteFiles, withRoutePreloads } from './route-preloads.js';

const PLATFORM_ID = /^[1-9]\d{0,9}$/;

/** Registers the web app's files and pages; returns the page for any other client route, or null without a build. */
export async function registerWeb(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const { webDist } = ctx.config;
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  const settings = publicConfig(ctx);
  const template = withPublicConfig(fs.readFileSync(indexPath, 'utf8'), settings);
  const serverRender = await loadServerRender(app.log, webDist, settings);
  const markup = pageMarkup(app.log, serverRender);
  const templates = new Map(
    Object.entries(readRouteFiles(webDist)).map(([route, files]) => [
      route,
      withRoutePreloads(template, files, serverRender !== null),
    ]),
  );
  // Rendered without data: the catalogue pages when the catalogue is unavailable (their outline), the
  // others always (their content is the customer's own: the frame and the page's outline).
  const staticPages = new Map(
    [...templates].map(([route, html]) => [route, compressPage(withMarkup(html, markup(route.replace(':id', '0'))))]),
  );
  // Any other client route (the admin console, an unknown address): the entry only, no page's chunks.
  const otherPage = compressPage(withRoutePreloads(template, undefined));
  const cataloguePage = cataloguePages({
    catalogue: ctx.catalogue,
    routeTemplate: (route) => templates.get(route) ?? template,
    markup,
    withoutData: (route) => staticPages.get(route) ?? otherPage,
  });

  await registerAssets(app, webDist);

  const hide = { schema: { hide: true } };
  const home = async (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(
      request,
      reply,
      await cataloguePage(request, '/', (catalogue) => ({ key: '/', url: '/', data: () => homeData(catalogue) })),
    );
  app.get('/', hide, home);
  app.get('/index.html', hide, home);
  app.get<{ Params: { id: string } }>('/item/:id', hide, async (request, reply) => {
    const id = PLATFORM_ID.test(request.params.id) ? Number(request.params.id) : null;
    // A browser holding a session gets the page with the order form (docs/decisions/0034): two pages a game.
    const signedIn = hasSignedInHint(request);
    const page = await cataloguePage(request, '/item/:id', (catalogue) =>
      id !== null && hasPlatform(catalogue, id)
        ? {
            key: `item/${id}${signedIn ? '/signed-in' : ''}`,
            url: `/item/${id}`,
            data: () => {
              const data = platformData(catalogue, id);
              return signedIn ? withSignedInHint(data) : data;
            },
          }
        : // Any address of no game on sale: the same page (not found), whatever the address says.
          { key: 'item', url: '/item/0', data: () => ({ ...homeData(catalogue), images: [] }) },
    );
    // Which of the two depends on the cookie: a shared cache keeps them apart.
    return sendPage(request, reply, page, { varyOnCookie: true });
  });
  // The order pages: with the customer's data when the request carries the page session, else as the others.
  const isCustomerRoute = (route: string): route is CustomerRoute => Object.hasOwn(customerPageCalls, route);
  for (const [route, page] of staticPages) {
    if (!isCustomerRoute(route)) continue;
    const routeTemplate = templates.get(route) ?? template;
    app.get(route, hide, async (request, reply) => {
      let responses: Awaited<ReturnType<typeof customerResponses>> = null;
      try {
        responses = await customerResponses(app, ctx.config.apiKey, request, route);
      } catch (error) {
        request.log.warn({ err: error }, 'order page data unavailable: serving the page without it');
      }
      if (!responses) return sendPage(request, reply, page);
      const html = withMarkup(withPageData(routeTemplate, { responses, images: [] }), markup(request.url, responses));
      return sendPrivatePage(request, reply, html);
    });
  }
  // The other pages the build lists (sign-in): their chunks only.
  for (const [route, page] of staticPages) {
    if (route === '/' || route === '/item/:id' || isCustomerRoute(route)) continue;
    app.get(route, hide, (request, reply) => sendPage(request, reply, page));
  }
  // The not-found handler's page (plugins/errors.ts) for any other client route.
  return (reply) => sendPage(reply.request, reply, otherPage);
}
