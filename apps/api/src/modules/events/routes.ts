/**
 * Live streams (docs/architecture.md "Live events"), as Server-Sent Events authenticated like every
 * call (x-api-key and the raw access token in `authorization`; the web app reads them with fetch).
 * - GET /order/api/v1/order/events: the signed-in customer's own orders (`event: order`, the order as the
 *   list returns it). Another customer's order never reaches it: each event names its customer, and the
 *   order is read back by (customer, id).
 * - GET /order/api/v1/admin/order/events: every order change (`event: order`, {cause, order}) and every
 *   transfer (`event: transfer`, {cause, transfer}), and a bank feed whose pulls have failed for an hour or
 *   work again (`event: feed`, {cause, feed}), for admins.
 * A stream ends when its access token expires or its sign-in is revoked (checked at each heartbeat);
 * the client then renews its token and reconnects with Last-Event-ID to get what it missed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  ERROR_CODES,
  EVENT_KINDS,
  errorBody,
  type AdminFeedEvent,
  type AdminOrderEvent,
  type AdminTransferEvent,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireAdmin, requireUser, type AuthUser } from '../../plugins/auth.js';
import { isSessionRevoked } from '../auth/service.js';
import { getOrder, getOrderRow } from '../orders/service.js';
import { getAdminTransfer, getBankFeedStatus } from '../payments/service.js';
import type { LiveEvent } from './hub.js';

/** Streams one user may hold open on one instance (tabs, devices); more is a client gone wrong. */
const MAX_STREAMS_PER_USER = 10;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Message {
  event: string;
  data: unknown;
}

/** Loads what one event shows to this stream; null when it shows nothing (not theirs, gone). */
type Render = (event: LiveEvent) => Promise<Message | null>;

const lastEventIdHeaders = z.looseObject({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
});

export async function eventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();
  const perUser = new Map<string, number>();
  // Open streams would hold the server's close forever: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  const stream = async (request: FastifyRequest, reply: FastifyReply, user: AuthUser, render: Render, onlyUser?: string) => {
    const held = perUser.get(user.id) ?? 0;
    if (held >= MAX_STREAMS_PER_USER) throw new AppError(ERROR_CODES.RATE_LIMITED, API_MESSAGES.tooManyStreams, 429);
    perUser.set(user.id, held + 1);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies such as nginx must pass each message on at once.
      'x-accel-buffering': 'no',
    });
    res.write(': connected\n\n');

    const sent = new Set<number>();
    let chain: Promise<void> = Promise.resolve();
    let ended = false;
    const deliver = (event: LiveEvent) => {
      chain = chain.then(async () => {
        if (ended || sent.has(event.id)) return;
        sent.add(event.id);
        try {
          const message = await render(event);
          if (message && !ended) res.write(`id: ${event.id}\nevent: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
        } catch (error) {
          request.log.error({ err: error, eventId: event.id }, 'could not send a live event');
        }
      });
    };

    const unsubscribe = ctx.events.subscribe((event) => {
      if (onlyUser === undefined || event.userId === onlyUser) deliver(event);
    });
    const heartbeat = setInterval(() => {
      if (ended) return;
      res.write(': ping\n\n');
      if (user.sessionId) {
        isSessionRevoked(ctx.db, user.sessionId).then(
          (revoked) => revoked && end(),
          () => {},
        );
      }
    }, ctx.config.eventHeartbeatMs);
    const expiry = setTimeout(() => end(), Math.min(MAX_TIMER_MS, Math.max(0, user.tokenExpiresAt.getTime() - Date.now())));

    function end() {
      if (ended) return;
      ended = true;
      open.delete(end);
      unsubscribe();
      clearInterval(heartbeat);
      clearTimeout(expiry);
      const left = (perUser.get(user.id) ?? 1) - 1;
      if (left > 0) perUser.set(user.id, left);
      else perUser.delete(user.id);
      res.end();
    }
    open.add(end);
    request.raw.on('close', end);

    // Catch up after a reconnect: what happened since the last event this client saw.
    const lastId = lastEventIdHeaders.parse(request.headers)['last-event-id'];
    if (lastId !== undefined) {
      const missed = await ctx.events.since(Number(lastId), onlyUser);
      missed.forEach(deliver);
    }
  };

  const security = [{ apiKey: [], accessToken: [] }];
  const description =
    'Server-Sent Events (text/event-stream). Mỗi sự kiện có id; khi kết nối lại, gửi header Last-Event-ID để nhận các sự kiện đã lỡ. Dòng chú thích ": ping" mỗi 25 giây. Luồng đóng khi access token hết hạn hoặc phiên đăng nhập bị thu hồi.';

  r.get(
    '/order/api/v1/order/events',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['order'],
        summary: 'Theo dõi trực tiếp các đơn hàng của tôi (event: order)',
        description,
        security,
        response: { 200: z.string().describe('text/event-stream'), 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await stream(
        request,
        reply,
        user,
        async (event) => {
          if (event.kind !== EVENT_KINDS.ORDER) return null;
          const order = await getOrder(ctx.db, user.id, event.entityId).catch(() => null);
          return order ? { event: EVENT_KINDS.ORDER, data: order } : null;
        },
        user.id,
      );
    },
  );

  r.get(
    '/order/api/v1/admin/order/events',
    {
      onRequest: requireAdmin(ctx),
      schema: {
        tags: ['admin-order'],
        summary: 'Theo dõi trực tiếp mọi đơn hàng, giao dịch ngân hàng và tình trạng đối soát (event: order, transfer, feed)',
        description,
        security,
        response: { 200: z.string().describe('text/event-stream'), 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await stream(request, reply, currentUser(request), async (event) => {
        if (event.kind === EVENT_KINDS.ORDER) {
          const order = await getOrderRow(ctx.db, event.entityId);
          return order ? { event: EVENT_KINDS.ORDER, data: { cause: event.cause, order } satisfies AdminOrderEvent } : null;
        }
        if (event.kind === EVENT_KINDS.TRANSFER) {
          const transfer = await getAdminTransfer(ctx.db, event.entityId);
          return transfer ? { event: EVENT_KINDS.TRANSFER, data: { cause: event.cause, transfer } satisfies AdminTransferEvent } : null;
        }
        if (event.kind === EVENT_KINDS.FEED) {
          const feed = await getBankFeedStatus(ctx.db, event.entityId);
          return feed ? { event: EVENT_KINDS.FEED, data: { cause: event.cause, feed } satisfies AdminFeedEvent } : null;
        }
        return null;
      });
    },
  );
}
