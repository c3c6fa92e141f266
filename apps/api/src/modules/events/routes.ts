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
 *
 * Streams that hold (docs/decisions/0024, README "Live streams"): a reconnect replays at most
 * LIVE_REPLAY_LIMIT missed events of the stream's own, each order or transfer once in its latest state, read
 * through one index; more missed than that is one `event: reload` (the page fetches again). Opens are rate
 * limited per customer and per address (with RATE_LIMIT); one process holds at most EVENT_STREAMS_MAX
 * streams and answers 503 with Retry-After beyond; and a connection that closes before the stream is set up
 * (while its token is being checked) releases its subscription, heartbeat and slot at once.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_MESSAGES,
  ERROR_CODES,
  EVENT_KINDS,
  LIVE_RELOAD_EVENT,
  LIVE_REPLAY_LIMIT,
  errorBody,
  type AdminFeedEvent,
  type AdminOrderEvent,
  type AdminTransferEvent,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireStaff, requireUser, type AuthUser } from '../../plugins/auth.js';
import { revokedSessions } from '../auth/service.js';
import { getOrder, getOrderRow } from '../orders/service.js';
import { getAdminTransfer, getBankFeedStatus } from '../payments/service.js';
import type { LiveEvent } from './hub.js';
import { createStreamRegistry, type HeldStream, type StreamRegistry } from './streams.js';

/** Streams one user may hold open on one instance (tabs, devices); more is a client gone wrong. */
const MAX_STREAMS_PER_USER = 10;
/**
 * Stream opens per minute (with RATE_LIMIT, counted in Redis when REDIS_URL is set): a tab reconnects after a
 * token renewal, a network change or a return to the page, a few times an hour; a loop reopening with
 * Last-Event-ID is refused long before it costs the database anything. An address is shared by the customers
 * behind one carrier-grade NAT, so it gets more room.
 */
const OPENS_PER_CUSTOMER = { max: 20, timeWindow: '1 minute' };
const OPENS_PER_ADDRESS = { max: 60, timeWindow: '1 minute' };
/** Seconds a client refused for a full process waits before it tries again (Retry-After). */
const FULL_RETRY_AFTER_SECONDS = 30;
/**
 * No new stream once the heap holds this share of its limit (docs/decisions/0026): what is left is the room
 * requests and collections need. Beyond it a client is told to come back (503, Retry-After), and the process
 * lives on.
 */
const STREAM_HEAP_SHARE = 0.8;

interface Message {
  event: string;
  data: unknown;
}

/** Loads what one event shows to this stream; null when it shows nothing (not theirs, gone). */
type Render = (event: LiveEvent) => Promise<Message | null>;

/**
 * One open stream: its response, what it has sent, and the events waiting to be rendered, in order. One object a
 * stream and no timer of its own (streams.ts keeps the clock), so a crowd of open order pages stays small.
 */
class LiveStream implements HeldStream {
  nextBeatAt: number;
  /** Events sent already (only while a reconnect's catch-up and live events may overlap). */
  private sent: Set<number> | null = null;
  private chain: Promise<void> = Promise.resolve();
  private ended = false;
  private unsubscribe: () => void = () => {};

  constructor(
    readonly userId: string,
    readonly sessionId: string | null,
    readonly expiresAt: number,
    heartbeatMs: number,
    private readonly res: ServerResponse,
    private readonly render: Render,
    private readonly registry: StreamRegistry,
    private readonly log: FastifyBaseLogger,
  ) {
    this.nextBeatAt = Date.now() + heartbeatMs;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  listen(unsubscribe: () => void): void {
    this.unsubscribe = unsubscribe;
  }

  beat(): void {
    if (!this.ended) this.res.write(': ping\n\n');
  }

  write(text: string): void {
    if (!this.ended) this.res.write(text);
  }

  rememberSent(): void {
    this.sent ??= new Set();
  }

  /** Marks events as covered without sending them (a catch-up sends each entity's latest state only). */
  skip(id: number): void {
    (this.sent ??= new Set()).add(id);
  }

  deliver(event: LiveEvent): void {
    this.chain = this.chain.then(async () => {
      if (this.ended || this.sent?.has(event.id)) return;
      this.sent?.add(event.id);
      try {
        const message = await this.render(event);
        if (message) this.write(`id: ${event.id}\nevent: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
      } catch (error) {
        this.log.error({ err: error, eventId: event.id }, 'could not send a live event');
      }
    });
  }

  /** After a catch-up: its events are sent or skipped, so later live events need no de-duplication. */
  caughtUp(): void {
    this.chain = this.chain.then(() => {
      this.sent = null;
    });
  }

  after(task: () => void): void {
    this.chain = this.chain.then(task);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.registry.remove(this);
    this.unsubscribe();
    this.res.end();
  }
}

const lastEventIdHeaders = z.looseObject({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/)
    .optional()
    .catch(undefined),
});

export async function eventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const registry = createStreamRegistry(
    {
      max: ctx.config.eventStreamsMax,
      perUser: MAX_STREAMS_PER_USER,
      heartbeatMs: ctx.config.eventHeartbeatMs,
      heapShare: STREAM_HEAP_SHARE,
    },
    (sessionIds) => revokedSessions(ctx.db, sessionIds),
    (error) => app.log.warn({ err: error }, 'could not check the live streams\' sign-ins'),
  );
  // Open streams would hold the server's close forever: end them first.
  app.addHook('preClose', async () => registry.endAll());

  /** This process holds as many streams as it may (EVENT_STREAMS_MAX, or its heap): 503, come back later. */
  const refuseWhenFull = (reply: FastifyReply, refusal = registry.refusal()) => {
    if (refusal !== 'full') return;
    void reply.header('retry-after', String(FULL_RETRY_AFTER_SECONDS));
    throw new AppError(ERROR_CODES.UNAVAILABLE, API_MESSAGES.streamsFull, 503);
  };
  // Before the token is checked, so a full process spends nothing on the opens it refuses.
  const notFull = async (_request: FastifyRequest, reply: FastifyReply) => refuseWhenFull(reply);
  // Per address before the token check, per customer after it, both in the rate-limit plugin's store (Redis
  // when set). The customer's is checked by hand: the plugin lets one of its hooks run per request.
  const customerOpens = app.createRateLimit({
    ...OPENS_PER_CUSTOMER,
    keyGenerator: (request) => (request.user ? `stream:${request.user.id}` : `stream-ip:${request.ip}`),
  });
  const perCustomer = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await customerOpens(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.header('retry-after', String(limit.ttlInSeconds));
    throw new AppError(ERROR_CODES.RATE_LIMITED, API_MESSAGES.tooManyRequests, 429);
  };
  const limits = ctx.config.rateLimit
    ? { address: app.rateLimit({ ...OPENS_PER_ADDRESS, keyGenerator: (request) => `stream-ip:${request.ip}` }), customer: perCustomer }
    : null;
  const guarded = (authenticate: ReturnType<typeof requireUser>) =>
    limits ? [notFull, limits.address, authenticate, limits.customer] : [notFull, authenticate];

  const stream = async (request: FastifyRequest, reply: FastifyReply, user: AuthUser, render: Render, onlyUser?: string) => {
    const refusal = registry.refusal(user.id);
    if (refusal === 'full') refuseWhenFull(reply, refusal);
    if (refusal === 'user') throw new AppError(ERROR_CODES.RATE_LIMITED, API_MESSAGES.tooManyStreams, 429);

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

    const live = new LiveStream(
      user.id,
      user.sessionId,
      user.tokenExpiresAt.getTime(),
      ctx.config.eventHeartbeatMs,
      res,
      render,
      registry,
      app.log,
    );
    const lastId = lastEventIdHeaders.parse(request.headers)['last-event-id'];
    // A reconnect's catch-up and the live events may overlap until it is done: sent events are remembered.
    if (lastId !== undefined) live.rememberSent();
    live.listen(ctx.events.subscribe((event) => live.deliver(event), onlyUser));
    registry.add(live);
    request.raw.on('close', () => live.end());
    // Closed while its token was being checked: 'close' has come and gone, so nothing would ever end it.
    if (request.raw.destroyed || res.destroyed) {
      live.end();
      return;
    }
    if (lastId === undefined) return;

    // Catch up after a reconnect: what happened since the last event this client saw, each order or transfer
    // once (its latest event: the page is sent its state now). Too much missed: the page reloads instead.
    const missed = await ctx.events.recent(Number(lastId), LIVE_REPLAY_LIMIT + 1, onlyUser);
    if (live.isEnded) return;
    if (missed.length > LIVE_REPLAY_LIMIT) {
      // Its id moves the client past everything it missed; its next reconnect starts from there.
      const newest = missed[0]!.id;
      live.after(() => live.write(`id: ${newest}\nevent: ${LIVE_RELOAD_EVENT}\ndata: {}\n\n`));
      live.caughtUp();
      return;
    }
    const latest = new Map<string, LiveEvent>();
    for (const event of missed) {
      const key = `${event.kind}:${event.entityId}`;
      if (!latest.has(key)) latest.set(key, event);
    }
    const replayed = [...latest.values()].reverse();
    // The older events of the same entities are covered by its state now: never sent on their own.
    for (const event of missed) if (!replayed.includes(event)) live.skip(event.id);
    replayed.forEach((event) => live.deliver(event));
    live.caughtUp();
  };

  const security = [{ apiKey: [], accessToken: [] }];
  const description =
    'Server-Sent Events (text/event-stream). Mỗi sự kiện có id; khi kết nối lại, gửi header Last-Event-ID để nhận các sự kiện đã lỡ ' +
    `(tối đa ${LIVE_REPLAY_LIMIT}; lỡ nhiều hơn thì nhận một sự kiện "${LIVE_RELOAD_EVENT}" và tải lại dữ liệu). Dòng chú thích ": ping" mỗi 25 giây. ` +
    'Luồng đóng khi access token hết hạn hoặc phiên đăng nhập bị thu hồi. Mở quá nhiều luồng trả 429; máy chủ đầy trả 503 kèm Retry-After.';

  r.get(
    '/order/api/v1/order/events',
    {
      onRequest: guarded(requireUser(ctx)),
      schema: {
        tags: ['order'],
        summary: 'Theo dõi trực tiếp các đơn hàng của tôi (event: order, reload)',
        description,
        security,
        response: { 200: z.string().describe('text/event-stream'), 401: errorBody, 429: errorBody, 503: errorBody },
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
          // The hub hands a customer's stream only that customer's events; a change that had the order at hand sent it.
          const order = event.order ?? (await getOrder(ctx.db, user.id, event.entityId).catch(() => null));
          return order ? { event: EVENT_KINDS.ORDER, data: order } : null;
        },
        user.id,
      );
    },
  );

  r.get(
    '/order/api/v1/admin/order/events',
    {
      onRequest: guarded(requireStaff(ctx)),
      schema: {
        tags: ['admin-order'],
        summary: 'Theo dõi trực tiếp mọi đơn hàng, giao dịch ngân hàng và tình trạng đối soát (event: order, transfer, feed)',
        description,
        security,
        response: { 200: z.string().describe('text/event-stream'), 401: errorBody, 403: errorBody, 429: errorBody, 503: errorBody },
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
