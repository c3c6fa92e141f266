/**
 * The console's 'Đối soát ngay' and the state of the pulls (reconcile.ts):
 * - POST /payment/api/v1/admin/reconcile pulls every configured provider before it answers, per provider
 *   `{"fetched": n, "new": n}` (and `error` when that provider's pull failed);
 * - GET /payment/api/v1/admin/reconcile: where each configured provider's pulls stand.
 * Owners pull on demand; staff and owners read where the pulls stand.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankFeedStatuses, errorBody, reconcileResult } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { requireOwner, requireStaff } from '../../plugins/auth.js';
import { listBankFeedStatuses, pullBankFeeds } from './reconcile.js';

export const RECONCILE_PATH = '/payment/api/v1/admin/reconcile';

export async function reconcileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before anything is read: anonymous callers get 401, customers 403. Staff see where the pulls
  // stand; pulling on demand is the owners' (docs/product.md §6: reports and reconciliation).
  const staff = { onRequest: requireStaff(ctx) };
  const owner = { onRequest: requireOwner(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];
  const tags = ['admin-transfer'];
  const denied = { 401: errorBody, 403: errorBody };

  r.post(
    RECONCILE_PATH,
    {
      ...owner,
      schema: {
        tags,
        summary: 'Đối soát ngay: lấy danh sách giao dịch từ SePay / Casso và ghi nhận những giao dịch webhook bỏ lỡ',
        description:
          'Chạy xong mới trả lời. Với mỗi cổng đã cấu hình (SEPAY_API_TOKEN, CASSO_API_KEY): fetched là số giao dịch đã lấy về, new là số giao dịch shop chưa ghi nhận; error khi lần lấy đó thất bại (sẽ tự thử lại ở lần đối soát sau). Nếu một lần đối soát khác đang chạy, chờ nó xong (tối đa 1 phút, sau đó 409).',
        security,
        response: { 200: reconcileResult, ...denied, 409: errorBody },
      },
    },
    // Staff's press always waits its turn: with `wait`, the answer is never null.
    async () => (await pullBankFeeds(ctx, { wait: true }))!,
  );

  r.get(
    RECONCILE_PATH,
    {
      ...staff,
      schema: {
        tags,
        summary: 'Tình trạng đối soát tự động với từng cổng đã cấu hình',
        security,
        response: { 200: bankFeedStatuses, ...denied },
      },
    },
    async () => listBankFeedStatuses(ctx),
  );
}
