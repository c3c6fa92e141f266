import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, countResponse, errorBody, order, orderIdParams, orderList, orderListQuery, orderRequest } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { idOr404 } from '../../lib/app-error.js';
import { idempotencyKeyHeaders } from '../../lib/idempotency-key.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { pendingCoins } from '../coins/service.js';
import { placeOrder } from './placement.js';
import { sendJsonBody } from '../../lib/json-body.js';
import { countOrders, getOrder, listOrdersBody } from './reads.js';


/** Placing orders is the one costly write a customer can repeat: limit it per user. */
const PLACE_ORDER_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function orderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: requireUser(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];

  r.post(
    '/order/api/v1/order',
    {
      ...signedIn,
      config: ctx.config.rateLimit
        ? {
            rateLimit: {
              ...PLACE_ORDER_LIMIT,
              // After requireUser, so the signed-in user is the key (the address only as a fallback).
              hook: 'preHandler',
              keyGenerator: (request) => (request.user ? `order:${request.user.id}` : `order-ip:${request.ip}`),
            },
          }
        : {},
      schema: {
        tags: ['order'],
        summary: 'Đặt hàng',
        description:
          'Giá, coin và coin tặng lấy từ cơ sở dữ liệu. Gửi kèm header Idempotency-Key để gửi lại an toàn: cùng khoá và cùng nội dung trả về đơn đã tạo.',
        security,
        headers: idempotencyKeyHeaders,
        body: orderRequest,
        response: { 200: order, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    // Sent as written: the order is built field by field from what was stored (reads.ts toOrder), so the schema's
    // encoding pass (every field checked again, then stringified) added nothing but CPU to every order (decision
    // 0046). The schema still documents the answer, and the tests hold the answer to it.
    async (request, reply) =>
      sendJsonBody(
        reply,
        JSON.stringify(
          await placeOrder(ctx, currentUser(request).id, request.body, {
            idempotencyKey: request.headers['idempotency-key'] ?? null,
          }),
        ),
      ),
  );

  r.get(
    '/order/api/v1/order/list',
    {
      ...signedIn,
      schema: {
        tags: ['order'],
        summary: 'Danh sách đơn hàng của tôi, mới nhất trước',
        security,
        querystring: orderListQuery,
        response: { 200: orderList, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => sendJsonBody(reply, await listOrdersBody(ctx, currentUser(request).id, request.query)),
  );

  // Static paths win over '/:id' in Fastify's router whatever the order; registered first for readers.
  r.get(
    '/order/api/v1/order/count',
    {
      ...signedIn,
      schema: { tags: ['order'], summary: 'Số đơn hàng của tôi', security, response: { 200: countResponse, 401: errorBody } },
    },
    // On the embedded database, kept with the customer's pages until their orders change (decision 0047).
    async (request, reply) => {
      const userId = currentUser(request).id;
      return sendJsonBody(reply, await ctx.orderPages.page(userId, 'count', async () => String(await countOrders(ctx.db, userId))));
    },
  );

  r.get(
    '/order/api/v1/order/count-pending-coin',
    {
      ...signedIn,
      schema: {
        tags: ['order'],
        summary: 'Số coin đang giữ cho các đơn trả bằng coin chưa xong (trạng thái 0, 1)',
        security,
        response: { 200: countResponse, 401: errorBody },
      },
    },
    async (request) => pendingCoins(ctx.db, currentUser(request).id),
  );

  r.get(
    '/order/api/v1/order/:id',
    {
      ...signedIn,
      schema: {
        tags: ['order'],
        summary: 'Chi tiết một đơn hàng của tôi',
        security,
        // Checked in the handler: a malformed id is just an order that does not exist (404, not 400).
        params: z.object({ id: z.string() }),
        response: { 200: order, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      return getOrder(ctx.db, currentUser(request).id, idOr404(orderIdParams, request.params, API_MESSAGES.orderNotFound));
    },
  );
}
