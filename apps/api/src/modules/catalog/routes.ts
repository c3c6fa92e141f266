import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, platformList, platformListQuery, storeList, storeListQuery } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { platformListBody, storeListBody, type JsonBody } from './service.js';

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

/** Sends the prepared bytes as they are: no per-request serialization (the 200 schema still documents them). */
function sendBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL).header('etag', body.etag);
  if (notModified(request, body.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body.bytes);
}

/** Public: anonymous visitors browse platforms and items (docs/product.md §6). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/platform/api/v1/platform/list',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách trò chơi đang bán',
        querystring: platformListQuery,
        response: { 200: platformList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => sendBody(request, reply, platformListBody(await ctx.catalogue.current(), request.query)),
  );

  r.get(
    '/store/api/v1/store/list',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách gói nạp đang bán (của một trò chơi)',
        querystring: storeListQuery,
        response: { 200: storeList, 304: z.null(), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => sendBody(request, reply, storeListBody(await ctx.catalogue.current(), request.query)),
  );
}
