import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, platformList, platformListQuery, storeList, storeListQuery } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { notModified } from '../../lib/not-modified.js';
import { platformListBody, storeListBody, type Catalogue, type JsonBody } from './service.js';

/**
 * Short, because an admin's change should reach shoppers within seconds (the order itself is priced
 * from the catalogue the API holds, which every change drops at once, so a list a browser kept never
 * charges a stale price; decision 0017); long enough that a browser
 * moving between pages, or a CDN in front, answers most reads itself and then revalidates with the
 * ETag for a cheap 304. A shared cache must forward `x-api-key` (the routes still require it), and
 * keep it in its cache key if it should not serve keyless callers.
 */
const CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=30';

/** Addresses (path and query string) each list route remembers as valid, visitors' keywords included. */
const REMEMBERED_ADDRESSES = 500;
/** Longer addresses (the keyword is at most 100 letters; unknown names are dropped, yet take room) are not remembered. */
const REMEMBERED_ADDRESS_LENGTH = 400;

/**
 * The addresses a list route has answered, with the query each parsed and validated to. The storefront asks
 * the same few addresses again and again; one seen before is answered straight from the route's onRequest
 * hook, after the API-key check and before Fastify validates, looks for hooks and calls the handler again:
 * those steps were a good part of what a list read cost beyond a bare route's. Only the handler remembers an
 * address, so only after its query passed the schema; a refused query is validated, and refused, every time.
 * Past the bounds (how many, how long) addresses take the full path on every read: memory stays bounded
 * whatever is asked.
 */
class KnownAddresses<Query extends object> {
  readonly #queries = new Map<string, Query>();

  get(url: string): Query | undefined {
    return this.#queries.get(url);
  }

  remember(url: string, query: Query): void {
    if (this.#queries.size >= REMEMBERED_ADDRESSES || url.length > REMEMBERED_ADDRESS_LENGTH) return;
    // Every later read of this address shares the value: nobody may change it.
    this.#queries.set(url, Object.freeze(query));
  }
}

/** Sends the prepared bytes as they are: no per-request serialization (the 200 schema still documents them). */
function sendBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL).header('etag', body.etag);
  if (notModified(request, body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}

/**
 * Answers from the catalogue in memory without waiting on a promise; only the first read after a change
 * waits for the load (a failed load is the error handler's 500, as before).
 */
function answer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: (catalogue: Catalogue) => JsonBody,
): Promise<void> | undefined {
  const catalogue = ctx.catalogue.loaded();
  if (catalogue) {
    sendBody(request, reply, body(catalogue));
    return undefined;
  }
  return ctx.catalogue.current().then((fresh) => {
    sendBody(request, reply, body(fresh));
  });
}

/**
 * A list's two ways in, sharing the addresses it has answered. The route's onRequest hook (it runs after the
 * app's own, so the API key is checked) answers an address answered before while the catalogue is loaded;
 * anything else goes on to validation and the handler, which remembers the address it answered. Sending from
 * the hook ends the request's lifecycle; `done` is then not called.
 */
function listAnswers<Query extends object>(ctx: AppContext, body: (catalogue: Catalogue, query: Query) => JsonBody) {
  const known = new KnownAddresses<Query>();
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    const query = known.get(request.url);
    const catalogue = query && ctx.catalogue.loaded();
    if (!query || !catalogue) {
      done();
      return;
    }
    sendBody(request, reply, body(catalogue, query));
  };
  const handler = (request: FastifyRequest & { query: Query }, reply: FastifyReply) => {
    known.remember(request.url, request.query);
    return answer(ctx, request, reply, (catalogue) => body(catalogue, request.query));
  };
  return { onRequest, handler };
}

/** Public: anonymous visitors browse platforms and items (docs/product.md §6). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const platforms = listAnswers(ctx, platformListBody);
  r.get(
    '/platform/api/v1/platform/list',
    {
      onRequest: platforms.onRequest,
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách trò chơi đang bán',
        querystring: platformListQuery,
        response: { 200: platformList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    platforms.handler,
  );

  const items = listAnswers(ctx, storeListBody);
  r.get(
    '/store/api/v1/store/list',
    {
      onRequest: items.onRequest,
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách gói nạp đang bán (của một trò chơi)',
        querystring: storeListQuery,
        response: { 200: storeList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    items.handler,
  );
}
