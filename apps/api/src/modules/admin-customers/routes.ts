import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  adminAdjustBody,
  adminAdjustResponse,
  adminLedger,
  adminLedgerParams,
  adminLedgerQuery,
  adminUserList,
  adminUserListQuery,
  errorBody,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';
import { idempotencyKeyHeaders } from '../../lib/idempotency-key.js';
import { currentUser, requireOwner } from '../../plugins/auth.js';
import { adjustCoins, ledger, listUsers } from './service.js';

export async function adminCustomerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before validation: anonymous callers get 401, customers and staff 403 whatever they send.
  // Customers' coins are the owners' (docs/product.md §6).
  const admin = { onRequest: requireOwner(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];
  const denied = { 401: errorBody, 403: errorBody };

  r.get(
    '/user/api/v1/admin/user/list',
    {
      ...admin,
      schema: {
        tags: ['admin-user'],
        summary: 'Khách hàng, mới nhất trước, kèm coin và số đơn (tìm theo email hoặc tên)',
        security,
        querystring: adminUserListQuery,
        response: { 200: adminUserList, 400: errorBody, ...denied },
      },
    },
    async (request) => listUsers(ctx.db, request.query),
  );

  r.get(
    '/bank/api/v1/admin/ledger/:userId',
    {
      ...admin,
      schema: {
        tags: ['admin-bank'],
        summary: 'Sổ coin của một khách hàng, mới nhất trước',
        security,
        params: z.object({ userId: z.string() }),
        querystring: adminLedgerQuery,
        response: { 200: adminLedger, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request) => {
      const params = adminLedgerParams.safeParse(request.params);
      if (!params.success) throw notFound(API_MESSAGES.userNotFound);
      return ledger(ctx.db, params.data.userId, request.query);
    },
  );

  r.post(
    '/bank/api/v1/admin/adjust',
    {
      ...admin,
      schema: {
        tags: ['admin-bank'],
        summary: 'Cộng hoặc trừ coin của khách hàng (có lý do); không trừ quá số coin khả dụng',
        description:
          'Gửi kèm header Idempotency-Key để gửi lại an toàn: cùng khoá và cùng nội dung chỉ điều chỉnh một lần; cùng khoá khác nội dung trả 409.',
        security,
        headers: idempotencyKeyHeaders,
        body: adminAdjustBody,
        response: { 200: adminAdjustResponse, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => adjustCoins(ctx.db, currentUser(request).id, request.body, request.headers['idempotency-key'] ?? null),
  );
}
