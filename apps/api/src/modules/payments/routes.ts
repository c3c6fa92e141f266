import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  ERROR_CODES,
  adminTransfer,
  adminTransferAttach,
  adminTransferList,
  adminTransferListQuery,
  adminTransferRefund,
  adminTransferTotals,
  errorBody,
  transferIdParams,
  webhookAck,
  type BankProvider,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { AppError, idOr404, notFound } from '../../lib/app-error.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import { cassoNotification, fromCasso, fromSepay, sepayNotification, type BankNotification } from './notifications.js';
import { attachTransfer, listTransfers, receiveNotification, refundTransfer, transferTotals } from './service.js';
import { reconcileRoutes } from './reconcile-routes.js';
import { reportRoutes } from './report-routes.js';
import { verifyCasso, verifySepay, type Verdict } from './signatures.js';

/** The webhooks' prefix: no x-api-key there (`config.keyless`, plugins/auth.ts), the providers sign instead. */
export const WEBHOOK_PREFIX = '/payment/api/v1/webhook/';

const transferId = (params: { id: string }): string => idOr404(transferIdParams, params, API_MESSAGES.transferNotFound);

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A scope of their own: the raw-body JSON parser must not change how any other route reads JSON.
  await app.register(async (scope) => webhookRoutes(scope, ctx));
  adminTransferRoutes(app, ctx);
  await reconcileRoutes(app, ctx);
  reportRoutes(app, ctx);
}

/** The raw text of each webhook request, kept beside the parsed body for the signature and the stored copy. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/** Stores and handles one notification; any failure is a 5xx, so the provider retries. */
async function handle(
  ctx: AppContext,
  request: FastifyRequest,
  notification: BankNotification,
): Promise<{ success: true }> {
  try {
    await receiveNotification(ctx, notification, rawBodies.get(request) ?? '');
  } catch (error) {
    // A query error carries the query's parameters, the raw body among them: log the database's own error.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const { provider, providerTxId } = notification;
    request.log.error(
      { err: cause, provider, providerTxId },
      'bank transfer notification failed; the provider will retry',
    );
    throw new AppError(ERROR_CODES.INTERNAL, API_MESSAGES.internal, 500);
  }
  return { success: true };
}

function webhookRoutes(scope: FastifyInstance, ctx: AppContext): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment-webhook'];
  const response = {
    200: webhookAck,
    400: errorBody,
    401: errorBody,
    404: errorBody,
    413: errorBody,
    415: errorBody,
    500: errorBody,
  };
  // A refused notification may be money the shop never hears about: say so, without the body.
  scope.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 && reply.statusCode !== 404) {
      request.log.warn({ url: request.url, statusCode: reply.statusCode }, 'bank-feed notification refused');
    }
  });

  const configured = (provider: BankProvider) => async () => {
    if (!ctx.config.payments[provider]) throw notFound(API_MESSAGES.webhookNotConfigured);
  };

  /**
   * Runs after the body is read and before it is validated: a wrong or missing credential is a 401 that
   * changes nothing, whatever the body. Then the raw text becomes the JSON the schema checks.
   */
  const authenticate =
    (verify: (raw: string, request: FastifyRequest) => Verdict) => async (request: FastifyRequest) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const verdict = verify(raw, request);
      if (verdict !== 'ok') {
        throw new AppError(
          ERROR_CODES.UNAUTHENTICATED,
          verdict === 'stale' ? API_MESSAGES.webhookStale : API_MESSAGES.webhookUnauthorized,
          401,
        );
      }
      try {
        request.body = JSON.parse(raw);
      } catch {
        throw new AppError(ERROR_CODES.BAD_JSON, API_MESSAGES.malformedJson, 400);
      }
      rawBodies.set(request, raw);
    };

  r.post(
    `${WEBHOOK_PREFIX}sepay`,
    {
      config: { keyless: true },
      onRequest: configured('sepay'),
      preValidation: authenticate((raw, request) =>
        verifySepay(ctx.config.payments.sepay!, request.headers, raw, new Date()),
      ),
      schema: {
        tags,
        summary: 'Thông báo giao dịch từ SePay',
        description:
          'Xác thực bằng HMAC-SHA256 (X-SePay-Timestamp, X-SePay-Signature: sha256=<hex>) hoặc API key (Authorization: Apikey <key>), tùy cách được cấu hình. Mọi thông báo hợp lệ, kể cả trùng lặp hay không khớp đơn nào, đều được trả {"success": true}.',
        security: [],
        body: sepayNotification,
        response,
      },
    },
    async (request) => handle(ctx, request, fromSepay(request.body, ctx.config.bank.accountNumber, new Date())),
  );

  r.post(
    `${WEBHOOK_PREFIX}casso`,
    {
      config: { keyless: true },
      onRequest: configured('casso'),
      preValidation: authenticate((raw, request) =>
        verifyCasso(ctx.config.payments.casso!.secret, request.headers, raw, new Date()),
      ),
      schema: {
        tags,
        summary: 'Thông báo giao dịch từ Casso (webhook v2)',
        description:
          'Xác thực bằng X-Casso-Signature: t=<unix ms>,v1=<HMAC-SHA512 hex>. Số tiền âm là tiền chuyển đi. Mọi thông báo hợp lệ, kể cả trùng lặp hay không khớp đơn nào, đều được trả {"success": true}.',
        security: [],
        body: cassoNotification,
        response,
      },
    },
    async (request) => handle(ctx, request, fromCasso(request.body, ctx.config.bank.accountNumber, new Date())),
  );
}

function adminTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // onRequest, before validation: anonymous callers get 401 and customers 403 whatever they send.
  const admin = { onRequest: requireAdmin(ctx) };
  const security = [{ apiKey: [], accessToken: [] }];
  const tags = ['admin-transfer'];
  const denied = { 401: errorBody, 403: errorBody };
  const idParams = z.object({ id: z.string() });

  r.get(
    '/payment/api/v1/admin/transfer/list',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Danh sách giao dịch ngân hàng đã nhận (mới nhất trước)',
        description: 'q tìm trong nội dung chuyển khoản, mã tham chiếu, mã đơn hoặc số tiền (50.000 = 50000).',
        security,
        querystring: adminTransferListQuery,
        response: { 200: adminTransferList, 400: errorBody, ...denied },
      },
    },
    async (request) => listTransfers(ctx.db, request.query),
  );

  r.get(
    '/payment/api/v1/admin/transfer/totals',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Đối soát hôm nay (giờ Việt Nam, theo giờ giao dịch của ngân hàng) và số tiền cần hoàn lại',
        security,
        response: { 200: adminTransferTotals, ...denied },
      },
    },
    async () => transferTotals(ctx.db),
  );

  r.post(
    '/payment/api/v1/admin/transfer/:id/attach',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Gán giao dịch chưa khớp vào một đơn chuyển khoản đang chờ thanh toán',
        description:
          'Giao dịch ít hơn tổng tiền đơn trả 409 TRANSFER_SHORT; gửi lại với accept_short: true để xác nhận.',
        security,
        params: idParams,
        body: adminTransferAttach,
        response: { 200: adminTransfer, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => attachTransfer(ctx, currentUser(request).id, transferId(request.params), request.body),
  );

  r.post(
    '/payment/api/v1/admin/transfer/:id/refund',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Ghi nhận đã hoàn tiền: cả giao dịch chưa khớp, hoặc phần tiền thừa của giao dịch đã khớp',
        security,
        params: idParams,
        body: adminTransferRefund,
        response: { 200: adminTransfer, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => refundTransfer(ctx, currentUser(request).id, transferId(request.params), request.body.note),
  );
}
