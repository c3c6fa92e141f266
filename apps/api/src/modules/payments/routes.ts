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
import { currentUser, requireAdmin, requireOwner } from '../../plugins/auth.js';
import { cassoNotification, fromCasso, fromSepay, sepayNotification, type BankNotification } from './notifications.js';
import { attachTransfer, listTransfers, receiveNotification, receiveUnreadableNotification, refundTransfer, retryUnreadableTransfer, transferTotals } from './service.js';
import { reconcileRoutes } from './reconcile-routes.js';
import { reportRoutes } from './report-routes.js';
import { exportRoutes } from './export-routes.js';
import { jsonDepthWithin, verifyCasso, verifySepay, type Verdict } from './signatures.js';

/** The webhooks' prefix: no x-api-key there (`config.keyless`, plugins/auth.ts), the providers sign instead. */
export const WEBHOOK_PREFIX = '/payment/api/v1/webhook/';

const transferId = (params: { id: string }): string => idOr404(transferIdParams, params, API_MESSAGES.transferNotFound);

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A scope of their own: the raw-body JSON parser must not change how any other route reads JSON.
  await app.register(async (scope) => webhookRoutes(scope, ctx));
  adminTransferRoutes(app, ctx);
  await reconcileRoutes(app, ctx);
  reportRoutes(app, ctx);
  exportRoutes(app, ctx);
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

/** What either provider sends at most: a notification is a few hundred bytes (the rest is refused with 413). */
const WEBHOOK_BODY_LIMIT = 32 * 1024;
/** SePay's body is flat, Casso's one object down; anything deeper than this is not a notification. */
const WEBHOOK_MAX_DEPTH = 4;

/**
 * A signed notification the shop cannot read is money all the same: stored as 'invalid' with its raw body,
 * shown to staff and alerted, and answered 200 so the provider does not retry it forever.
 */
async function unreadable(ctx: AppContext, request: FastifyRequest, provider: BankProvider, error: z.ZodError): Promise<{ success: true }> {
  const problem = error.issues.map((issue) => issue.path.join('.') || '(body)').join(', ');
  try {
    await receiveUnreadableNotification(ctx, provider, rawBodies.get(request) ?? '', problem);
  } catch (failure) {
    const cause = failure instanceof Error && failure.cause instanceof Error ? failure.cause : failure;
    request.log.error({ err: cause, provider }, 'an unreadable bank-feed notification could not be stored; the provider will retry');
    throw new AppError(ERROR_CODES.INTERNAL, API_MESSAGES.internal, 500);
  }
  request.log.warn({ provider, problem }, 'an unreadable bank-feed notification was stored for staff');
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
    429: errorBody,
    500: errorBody,
  };
  // A refused notification may be money the shop never hears about: say so, without the body.
  scope.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 && reply.statusCode !== 404) {
      request.log.warn({ url: request.url, statusCode: reply.statusCode }, 'bank-feed notification refused');
    }
  });

  // Per address: a provider sends a handful a minute; a flood of unsigned bodies is cut off early.
  const webhookRateLimit = ctx.config.rateLimit ? { rateLimit: { max: 300, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `webhook:${request.ip}` } } : {};

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
      // Nothing either provider sends nests deeper than WEBHOOK_MAX_DEPTH: a deeper body is refused before any
      // parsing or signature work (a 120,000-deep one would otherwise exhaust the parser).
      if (!jsonDepthWithin(raw, WEBHOOK_MAX_DEPTH)) throw new AppError(ERROR_CODES.BAD_JSON, API_MESSAGES.malformedJson, 400);
      // Read up to the app's limit, so the nesting check answers first; a notification is never this large.
      if (Buffer.byteLength(raw) > WEBHOOK_BODY_LIMIT) throw new AppError(ERROR_CODES.PAYLOAD_TOO_LARGE, API_MESSAGES.bodyTooLarge, 413);
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
      onRequest: configured('sepay'),
      preValidation: authenticate((raw, request) =>
        verifySepay(ctx.config.payments.sepay!, request.headers, raw, new Date()),
      ),
      config: { keyless: true, ...webhookRateLimit },
      schema: {
        tags,
        summary: 'Thông báo giao dịch từ SePay',
        description:
          'Xác thực bằng HMAC-SHA256 (X-SePay-Timestamp, X-SePay-Signature: sha256=<hex>) hoặc API key (Authorization: Apikey <key>), tùy cách được cấu hình. Mọi thông báo hợp lệ, kể cả trùng lặp hay không khớp đơn nào, đều được trả {"success": true}.',
        security: [],
        response,
      },
    },
    async (request) => {
      const parsed = sepayNotification.safeParse(request.body);
      if (!parsed.success) return unreadable(ctx, request, 'sepay', parsed.error);
      return handle(ctx, request, fromSepay(parsed.data, ctx.config.bank.accountNumber, new Date()));
    },
  );

  r.post(
    `${WEBHOOK_PREFIX}casso`,
    {
      onRequest: configured('casso'),
      preValidation: authenticate((raw, request) =>
        verifyCasso(ctx.config.payments.casso!.secret, request.headers, raw, new Date()),
      ),
      config: { keyless: true, ...webhookRateLimit },
      schema: {
        tags,
        summary: 'Thông báo giao dịch từ Casso (webhook v2)',
        description:
          'Xác thực bằng X-Casso-Signature: t=<unix ms>,v1=<HMAC-SHA512 hex>. Số tiền âm là tiền chuyển đi. Mọi thông báo hợp lệ, kể cả trùng lặp hay không khớp đơn nào, đều được trả {"success": true}.',
        security: [],
        response,
      },
    },
    async (request) => {
      const parsed = cassoNotification.safeParse(request.body);
      if (!parsed.success) return unreadable(ctx, request, 'casso', parsed.error);
      return handle(ctx, request, fromCasso(parsed.data, ctx.config.bank.accountNumber, new Date()));
    },
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
    '/payment/api/v1/admin/transfer/:id/retry',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Đọc lại một thông báo không đọc được (invalid): đọc được thì xử lý như mọi giao dịch',
        security,
        params: idParams,
        response: { 200: adminTransfer, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => retryUnreadableTransfer(ctx, currentUser(request).id, transferId(request.params)),
  );

  r.post(
    '/payment/api/v1/admin/transfer/:id/refund',
    {
      // Marking money sent back is the owners' (docs/product.md §6).
      onRequest: requireOwner(ctx),
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
