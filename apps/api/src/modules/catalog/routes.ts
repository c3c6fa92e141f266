import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, platformList, platformListQuery, storeList, storeListQuery } from '@lucky/shared';
import type { AppContext } from '../../context.js';
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

/** If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` prefixes and lists of tags allowed. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/** Distinct query strings whose validation each list route remembers (visitors' keywords included). */
const REMEMBERED_QUERIES = 500;
/** Longer queries (the keyword is at most 100 letters; unknown names are dropped, yet take room) are not remembered. */
const REMEMBERED_QUERY_LENGTH = 400;

/**
 * Validates a list's query with its zod schema, as every route is validated, but remembers each query
 * that passed: the storefront asks the same few queries again and again, and running the schema on each
 * read was a good part of what a list read cost beyond a bare route's (1–2.5 µs). A refused query is validated again every time (same 400);
 * past the bounds (how many, how long), queries are validated on every read, so memory stays bounded
 * whatever is asked.
 */
function rememberingQueryValidator<Schema>(
  route: Parameters<FastifySchemaCompiler<Schema>>[0],
): ReturnType<FastifySchemaCompiler<Schema>> {
  // Fastify hands over each part's own schema (here the query's zod object), whatever the route's type says.
  const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart !== 'querystring') return validate;
  const passed = new Map<string, ReturnType<typeof validate>>();
  return (query: unknown) => {
    // The parsed query string: names to a string or a list of strings.
    const key = JSON.stringify(query);
    const known = passed.get(key);
    if (known !== undefined) return known;
    const result = validate(query);
    const roomFor = passed.size < REMEMBERED_QUERIES && key.length <= REMEMBERED_QUERY_LENGTH;
    if (roomFor && typeof result === 'object' && 'value' in result && !result.error) {
      // Every later read with this query shares the value: nobody may change it.
      Object.freeze(result.value);
      passed.set(key, result);
    }
    return result;
  };
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

/** Public: anonymous visitors browse platforms and items (docs/product.md §6). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/platform/api/v1/platform/list',
    {
      validatorCompiler: rememberingQueryValidator,
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách trò chơi đang bán',
        querystring: platformListQuery,
        response: { 200: platformList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    (request, reply) => answer(ctx, request, reply, (catalogue) => platformListBody(catalogue, request.query)),
  );

  r.get(
    '/store/api/v1/store/list',
    {
      validatorCompiler: rememberingQueryValidator,
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách gói nạp đang bán (của một trò chơi)',
        querystring: storeListQuery,
        response: { 200: storeList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    (request, reply) => answer(ctx, request, reply, (catalogue) => storeListBody(catalogue, request.query)),
  );
}
