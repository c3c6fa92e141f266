import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, platformList, platformListQuery, storeList, storeListQuery } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { listPlatforms, listStoreItems } from './service.js';

/** Public: anonymous visitors browse platforms and items (spec §6). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/platform/api/v1/platform/list',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách trò chơi đang bán',
        querystring: platformListQuery,
        response: { 200: platformList, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => listPlatforms(ctx.db, request.query),
  );

  r.get(
    '/store/api/v1/store/list',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Danh sách gói nạp đang bán (của một trò chơi)',
        querystring: storeListQuery,
        response: { 200: storeList, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => listStoreItems(ctx.db, request.query),
  );
}
