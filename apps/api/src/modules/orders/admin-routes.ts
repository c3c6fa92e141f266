import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_LIMITS,
  API_MESSAGES,
  adminDashboard,
  adminOrderDetail,
  adminOrderList,
  adminOrderListQuery,
  adminOrderPatch,
  adminOrderRow,
  adminRevealPassword,
  errorBody,
  uuidParams,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { idOr404 } from '../../lib/app-error.js';
import { currentUser, requireOwner, requireStaff } from '../../plugins/auth.js';
import { changeOrderStatus, dashboard, getOrderDetail, listOrdersBody, markRefundDone, revealOrderPassword } from './admin.js';
import { sendJsonBody } from '../../lib/json-body.js';

const orderId = (params: { id: string }): string => idOr404(uuidParams, params, API_MESSAGES.orderNotFound);

const refundDoneBody = z.object({
  note: z
    .string()
    .max(ADMIN_LIMITS.reason, { error: API_MESSAGES.tooLong(ADMIN_LIMITS.reason) })
    .transform((value) => value.trim())
    .default(''),
});

export async function adminOrderRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before validation: anonymous callers get 401 and customers 403 whatever they send. Staff work
  // the queue; the day's figures and refunds sent are the owners' (docs/product.md §6).
  const admin = { onRequest: requireStaff(ctx) };
  const owner = { onRequest: requireOwner(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];
  const tags = ['admin-order'];
  const denied = { 401: errorBody, 403: errorBody };

  r.get(
    '/order/api/v1/admin/order/list',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Danh sách đơn hàng (đơn đang mở sắp đến hạn trước, rồi đơn đã xong mới nhất trước)',
        security,
        querystring: adminOrderListQuery,
        response: { 200: adminOrderList, 400: errorBody, ...denied },
      },
    },
    // The body as PostgreSQL wrote it (admin-repository.ts listOrdersBody), sent as it is: the 200 schema documents it.
    async (request, reply) => sendJsonBody(reply, await listOrdersBody(ctx.db, request.query)),
  );

  r.get(
    '/order/api/v1/admin/dashboard',
    {
      ...owner,
      schema: { tags, summary: 'Số liệu hôm nay (giờ Việt Nam)', security, response: { 200: adminDashboard, ...denied } },
    },
    async () => dashboard(ctx.db),
  );

  r.get(
    '/order/api/v1/admin/order/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Chi tiết đơn hàng (không kèm mật khẩu game, chỉ has_password)',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: adminOrderDetail, ...denied, 404: errorBody },
      },
    },
    async (request) => getOrderDetail(ctx, orderId(request.params)),
  );

  r.post(
    '/order/api/v1/admin/order/:id/reveal-password',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Hiện mật khẩu game đã giải mã (mỗi lần gọi được ghi nhật ký)',
        description: 'order_pass là null khi đơn không cần mật khẩu hoặc mật khẩu đã bị xoá (đơn đã hoàn thành hoặc bị từ chối).',
        security,
        params: z.object({ id: z.string() }),
        response: { 200: adminRevealPassword, ...denied, 404: errorBody, 500: errorBody },
      },
    },
    async (request, reply) => {
      const revealed = await revealOrderPassword(ctx, currentUser(request).id, orderId(request.params));
      // A secret: no browser or proxy keeps a copy.
      void reply.header('cache-control', 'no-store');
      return revealed;
    },
  );

  r.patch(
    '/order/api/v1/admin/order/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Chuyển trạng thái đơn hàng (0→1, 0→3, 1→2, 1→3)',
        description:
          'Từ chối cần lý do. Hoàn thành nhận phản hồi (tối đa 2000 ký tự) và tối đa 10 ảnh kết quả. Gửi expected_status là trạng thái đang thấy: đơn đã bị người khác đổi thì trả 409.',
        security,
        params: z.object({ id: z.string() }),
        body: adminOrderPatch,
        response: { 200: adminOrderRow, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => changeOrderStatus(ctx, currentUser(request).id, orderId(request.params), request.body),
  );

  r.post(
    '/order/api/v1/admin/order/:id/refund-done',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Ghi nhận đã hoàn tiền cho đơn chuyển khoản đã thanh toán nhưng bị từ chối',
        security,
        params: z.object({ id: z.string() }),
        body: refundDoneBody,
        response: { 200: adminOrderRow, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => markRefundDone(ctx, currentUser(request).id, orderId(request.params), request.body.note),
  );
}
