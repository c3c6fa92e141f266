/**
 * Web Push on customers' orders (docs/decisions/0021-phone-first.md): a customer who turned notifications
 * on in a browser is told there when an order is paid, completed, rejected or refunded, and the
 * notification opens the order.
 *
 * Like the staff alerts (modules/alerts), messages follow the event hub: they are sent after the change
 * committed, outside its transaction, in the background, by the instance that made the change only; a
 * slow or failing push service never delays or fails an order. The protocol is the `web-push` library's:
 * VAPID (RFC 8292) and the payload encrypted for the browser's keys (RFC 8291, aes128gcm); the request
 * itself is sent with fetch, with a timeout and a few retries. A browser the push service no longer knows
 * (404, 410) is forgotten.
 */
import webpush from 'web-push';
import { EVENT_CAUSES, EVENT_KINDS, ORDER_STATUS } from '@lucky/shared';
import { orderPushMessage, type OrderPushChange, type PushMessage, type PushSubscriptionRequest } from '@lucky/shared/push';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { listenAfterCommit, type LiveEvent } from '../events/service.js';
import { getOrderRow } from '../orders/service.js';
import * as repo from './repository.js';

/**
 * The push services of the browsers that support Web Push (Chrome, Edge, Firefox, Safari, Samsung
 * Internet, Opera): a subscription must point at one of them over https, so a customer cannot make the
 * shop send requests anywhere else.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
];

export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}

export function subscribe(db: Db, userId: string, subscription: PushSubscriptionRequest): Promise<void> {
  return repo.upsertSubscription(db, {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
  });
}

export function unsubscribe(db: Db, userId: string, endpoint: string): Promise<boolean> {
  return repo.deleteOwnSubscription(db, userId, endpoint);
}

/** What the customer is told of, from the event and the order as it is now; null for anything else. */
export function orderChange(cause: string, order: { status: number; refund_status: string | null }): OrderPushChange | null {
  switch (cause) {
    case EVENT_CAUSES.PAID:
      return 'paid';
    case EVENT_CAUSES.STATUS:
      if (order.status === ORDER_STATUS.COMPLETED) return 'completed';
      if (order.status === ORDER_STATUS.REJECTED) return 'rejected';
      return null;
    case EVENT_CAUSES.REFUND:
      return order.refund_status === 'done' ? 'refunded' : null;
    default:
      return null;
  }
}

export interface PushNotifications {
  /** Resolves when every message under way has been sent or given up (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops listening, cuts retries short and waits for the messages under way. */
  stop(): Promise<void>;
}

export interface PushOptions {
  /** Tries per message: the first and the retries after a network failure, 429 or 5xx. */
  maxAttempts?: number;
  /** The wait before the n-th retry (1-based). */
  retryDelayMs?: (retry: number) => number;
  timeoutMs?: number;
  /** How long a push service keeps a message for a browser that is offline. */
  ttlSeconds?: number;
}

type SendOutcome = 'sent' | 'gone' | 'failed';

const idlePush: PushNotifications = { idle: async () => {}, stop: async () => {} };

/** The changes already told of by this process, so a repeated event (a replay, a second move) is not told twice. */
const TOLD_MEMORY = 5000;

export function startPushNotifications(ctx: AppContext, options: PushOptions = {}): PushNotifications {
  const vapid = ctx.config.push;
  if (!vapid) return idlePush;
  const { maxAttempts = 3, retryDelayMs = (retry: number) => 1000 * 4 ** (retry - 1), timeoutMs = 10_000, ttlSeconds = 24 * 3600 } = options;
  const log = ctx.log.child({ module: 'push' });
  const told = new Set<string>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      listener.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });

  /** One message to one browser, retried on what may pass (the network, 429, 5xx). */
  const sendOne = async (subscription: repo.PushSubscriptionRow, message: PushMessage): Promise<SendOutcome> => {
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(message),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        contentEncoding: 'aes128gcm',
        TTL: ttlSeconds,
        urgency: 'high',
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      },
    );
    for (let attempt = 1; attempt <= maxAttempts && !listener.signal.aborted; attempt++) {
      if (attempt > 1) await pause(retryDelayMs(attempt - 1));
      try {
        const response = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body,
          signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), listener.signal]),
          redirect: 'error',
        });
        await response.body?.cancel();
        if (response.ok) return 'sent';
        if (response.status === 404 || response.status === 410) return 'gone';
        if (response.status !== 429 && response.status < 500) {
          log.warn({ status: response.status, subscription: subscription.id }, 'push service refused the message');
          return 'failed';
        }
        log.warn({ status: response.status, attempt, subscription: subscription.id }, 'push service unavailable');
      } catch (error) {
        log.warn({ err: error, attempt, subscription: subscription.id }, 'push message not delivered');
      }
    }
    return 'failed';
  };

  const tell = async (event: LiveEvent) => {
    const context = { cause: event.cause, orderId: event.entityId };
    try {
      if (!event.userId) return;
      const subscriptions = await repo.subscriptionsOf(ctx.db, event.userId);
      if (subscriptions.length === 0) return;
      const order = await getOrderRow(ctx.db, event.entityId);
      if (!order || order.user_id !== event.userId) return;
      const change = orderChange(event.cause, order);
      const key = `${order.id}:${change}`;
      if (!change || told.has(key)) return;
      told.add(key);
      if (told.size > TOLD_MEMORY) told.delete(told.values().next().value!);
      const message = orderPushMessage(order, change);
      const outcomes = await Promise.all(subscriptions.map((subscription) => sendOne(subscription, message)));
      const gone = subscriptions.filter((_, index) => outcomes[index] === 'gone').map((subscription) => subscription.id);
      await repo.deleteSubscriptions(ctx.db, gone);
      log.info({ ...context, change, sent: outcomes.filter((o) => o === 'sent').length, gone: gone.length }, 'order push sent');
    } catch (error) {
      // Reading the order or the subscriptions failed; the change itself stands.
      log.error({ ...context, err: error }, 'order push failed');
    }
  };

  const listener = listenAfterCommit(
    ctx,
    (event) =>
      event.kind === EVENT_KINDS.ORDER &&
      (event.cause === EVENT_CAUSES.PAID || event.cause === EVENT_CAUSES.STATUS || event.cause === EVENT_CAUSES.REFUND),
    tell,
  );
  return { idle: listener.idle, stop: listener.stop };
}
