/** The owner's books: one shop day's report (GET /payment/api/v1/admin/report). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_MESSAGES, adminDayReport, adminReportQuery, errorBody, shopDay, shopDayOf } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { requireOwner } from '../../plugins/auth.js';
import { dayReport } from './service.js';

export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/payment/api/v1/admin/report',
    {
      onRequest: requireOwner(ctx),
      schema: {
        tags: ['admin-payment'],
        summary: 'Đối soát ngày: tiền vào theo từng nguồn, khớp, gán, chưa khớp, không đọc được, hoàn tiền và coin',
        description:
          'day=YYYY-MM-DD theo giờ Việt Nam (mặc định hôm nay). balanced cho biết received = matched + attached + unmatched + invalid.',
        security: [{ apiKey: [], accessToken: [] }],
        querystring: adminReportQuery,
        response: { 200: adminDayReport, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const day = request.query.day ? shopDayOf(request.query.day) : shopDay(new Date());
      if (!day) throw badRequest(API_MESSAGES.reportDayInvalid, { day: API_MESSAGES.reportDayInvalid });
      return dayReport(ctx.db, day);
    },
  );
}
