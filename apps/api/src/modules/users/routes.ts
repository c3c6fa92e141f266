import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_MESSAGES, userResponse } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { unauthenticated } from '../../lib/app-error.js';
import { currentUser, requireUser, roleOf } from '../../plugins/auth.js';
import { getUser } from './service.js';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/user/api/v1/user',
    {
      schema: {
        tags: ['user'],
        summary: 'Người dùng đang đăng nhập',
        security: [{ apiKey: [], accessToken: [] }],
        response: { 200: userResponse },
      },
      preHandler: requireUser(ctx),
    },
    async (request) => {
      const user = await getUser(ctx.db, currentUser(request).id);
      // A valid token for a deleted account: the session is over.
      if (!user) throw unauthenticated(API_MESSAGES.sessionExpired);
      // Console rights go by a verified email only (a Facebook address proves nothing).
      const role = user.emailVerified ? roleOf(ctx, user.email) : null;
      return {
        id: user.id,
        name: user.name,
        picture: user.picture,
        email: user.email,
        is_admin: role !== null,
        role,
      };
    },
  );
}
