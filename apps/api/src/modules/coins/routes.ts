import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { walletResponse, errorBody } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { sendJsonBody } from '../../lib/json-body.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { coinTotal } from './service.js';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/bank/api/v1/bank',
    {
      preHandler: requireUser(ctx),
      schema: {
        tags: ['bank'],
        summary: 'Tổng coin của người dùng (chưa trừ coin đang chờ)',
        security: [{ apiKey: [], accessToken: [] }],
        response: { 200: walletResponse, 401: errorBody },
      },
    },
    // On the embedded database, kept until the customer's coins change (decision 0047).
    async (request, reply) => {
      const userId = currentUser(request).id;
      const body = await ctx.coinTotals.page(userId, 'total', async () =>
        JSON.stringify({ total: await coinTotal(ctx.db, userId) }),
      );
      return sendJsonBody(reply, body);
    },
  );
}
