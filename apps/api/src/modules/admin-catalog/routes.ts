import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  adminPlatform,
  adminPlatformCreate,
  adminPlatformList,
  adminPlatformPatch,
  adminStoreCreate,
  adminStoreItem,
  adminStoreList,
  adminStoreListQuery,
  adminStorePatch,
  errorBody,
  intIdParams,
  reorderBody,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { idOr404 } from '../../lib/app-error.js';
import { currentUser, requireOwner, requireStaff } from '../../plugins/auth.js';
import * as service from './service.js';

const rowId = (params: { id: string }, message: string): number => idOr404(intIdParams, params, message);

export async function adminCatalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before validation: anonymous callers get 401 and customers 403 whatever they send. Staff read
  // the catalogue (the order queue filters by platform); only owners change it (docs/product.md §6).
  const staff = { onRequest: requireStaff(ctx) };
  const owner = { onRequest: requireOwner(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];
  const denied = { 401: errorBody, 403: errorBody };
  const idParams = z.object({ id: z.string() });
  // Each change's NOTIFY reaches this instance too, but asynchronously on PostgreSQL: dropping the public
  // catalogue here, after commit and before answering, makes the very next storefront read fresh. Also on
  // failure: a needless reload is cheap, a stale catalogue is not.
  const changing = async <T>(change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      ctx.catalogue.invalidate();
    }
  };

  // ---------- platforms ----------
  const platformTags = ['admin-platform'];
  r.get(
    '/platform/api/v1/admin/platform',
    {
      ...staff,
      schema: { tags: platformTags, summary: 'Mọi trò chơi, kể cả đang ẩn', security, response: { 200: adminPlatformList, ...denied } },
    },
    async () => service.listPlatforms(ctx.db),
  );
  r.post(
    '/platform/api/v1/admin/platform',
    {
      ...owner,
      schema: {
        tags: platformTags,
        summary: 'Thêm trò chơi',
        security,
        body: adminPlatformCreate,
        response: { 200: adminPlatform, 400: errorBody, ...denied },
      },
    },
    async (request) => changing(service.createPlatform(ctx.db, currentUser(request).id, request.body)),
  );
  r.post(
    '/platform/api/v1/admin/platform/reorder',
    {
      ...owner,
      schema: {
        tags: platformTags,
        summary: 'Sắp xếp trò chơi theo thứ tự các id gửi lên',
        security,
        body: reorderBody,
        response: { 200: adminPlatformList, 400: errorBody, ...denied },
      },
    },
    async (request) => changing(service.reorderPlatforms(ctx.db, currentUser(request).id, request.body.ids)),
  );
  r.patch(
    '/platform/api/v1/admin/platform/:id',
    {
      ...owner,
      schema: {
        tags: platformTags,
        summary: 'Sửa trò chơi',
        security,
        params: idParams,
        body: adminPlatformPatch,
        response: { 200: adminPlatform, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) =>
      changing(service.updatePlatform(ctx.db, currentUser(request).id, rowId(request.params, API_MESSAGES.platformNotFound), request.body)),
  );

  // ---------- store items ----------
  const storeTags = ['admin-store'];
  r.get(
    '/store/api/v1/admin/store',
    {
      ...staff,
      schema: {
        tags: storeTags,
        summary: 'Mọi sản phẩm (lọc theo trò chơi), kể cả đang ẩn',
        security,
        querystring: adminStoreListQuery,
        response: { 200: adminStoreList, 400: errorBody, ...denied },
      },
    },
    async (request) => service.listStoreItems(ctx.db, request.query.platform_id ?? null),
  );
  r.post(
    '/store/api/v1/admin/store',
    {
      ...owner,
      schema: { tags: storeTags, summary: 'Thêm sản phẩm', security, body: adminStoreCreate, response: { 200: adminStoreItem, 400: errorBody, ...denied } },
    },
    async (request) => changing(service.createStoreItem(ctx.db, currentUser(request).id, request.body)),
  );
  r.post(
    '/store/api/v1/admin/store/reorder',
    {
      ...owner,
      schema: {
        tags: storeTags,
        summary: 'Sắp xếp sản phẩm theo thứ tự các id gửi lên',
        security,
        body: reorderBody,
        response: { 200: adminStoreList, 400: errorBody, ...denied },
      },
    },
    async (request) => changing(service.reorderStoreItems(ctx.db, currentUser(request).id, request.body.ids)),
  );
  r.patch(
    '/store/api/v1/admin/store/:id',
    {
      ...owner,
      schema: {
        tags: storeTags,
        summary: 'Sửa sản phẩm',
        security,
        params: idParams,
        body: adminStorePatch,
        response: { 200: adminStoreItem, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) =>
      changing(service.updateStoreItem(ctx.db, currentUser(request).id, rowId(request.params, API_MESSAGES.storeItemNotFound), request.body)),
  );
}
