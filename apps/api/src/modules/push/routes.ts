import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pushSubscriptionRequest, pushUnsubscribeRequest } from '@lucky/shared/push';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { isPushServiceEndpoint, subscribe, unsubscribe } from './service.js';

const subscribed = z.object({ subscribed: z.boolean() });
const PATH = '/user/api/v1/user/push-subscription';
const NOT_A_PUSH_SERVICE = 'Trình duyệt này không hỗ trợ thông báo của shop';

/**
 * The signed-in customer's browsers for order notifications (modules/push): a browser's subscription is
 * stored for the customer who sends it, and only they can remove it.
 */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ apiKey: [], accessToken: [] }];

  api.post(
    PATH,
    {
      schema: {
        tags: ['user'],
        summary: 'Bật thông báo đơn hàng trên trình duyệt này',
        security,
        body: pushSubscriptionRequest,
        response: { 200: subscribed },
      },
      // onRequest, before validation: an anonymous caller gets 401 whatever it sends.
      onRequest: requireUser(ctx),
    },
    async (request) => {
      if (!isPushServiceEndpoint(request.body.endpoint)) throw badRequest(NOT_A_PUSH_SERVICE, { endpoint: NOT_A_PUSH_SERVICE });
      await subscribe(ctx.db, currentUser(request).id, request.body);
      return { subscribed: true };
    },
  );

  api.delete(
    PATH,
    {
      schema: {
        tags: ['user'],
        summary: 'Tắt thông báo đơn hàng trên trình duyệt này',
        security,
        body: pushUnsubscribeRequest,
        response: { 200: subscribed },
      },
      // onRequest, before validation: an anonymous caller gets 401 whatever it sends.
      onRequest: requireUser(ctx),
    },
    async (request) => {
      await unsubscribe(ctx.db, currentUser(request).id, request.body.endpoint);
      return { subscribed: false };
    },
  );
}
