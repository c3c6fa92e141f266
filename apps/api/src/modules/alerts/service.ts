/**
 * Staff alerts (docs/architecture.md "Live events": staff are told what needs them): with Telegram
 * configured, one message for each coin order placed, each bank order paid, each order that comes within
 * an hour of its 16:00 promise, each transfer that matched no order, the first transfer to each account that is
 * not the shop's, and a bank feed whose pulls have failed for an hour (once per failing spell, and once more
 * when they work again).
 *
 * Alerts follow the event hub, so they are sent only after the change committed and outside its
 * transaction, in the background: a slow or failing Telegram never delays or fails an order or a webhook.
 * Every instance hears every event; only the one that made the change sends (`origin`), so N instances
 * do not send N messages. Without Telegram settings nothing is sent: the admin console shows the same
 * things live.
 */
import { EVENT_CAUSES, EVENT_KINDS, PAY_METHOD, TRANSFER_STATUS, isFinalStatus } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { getOrderRow } from '../orders/service.js';
import { listenAfterCommit, type LiveEvent } from '../events/service.js';
import { getAdminTransfer, getBankFeedStatus } from '../payments/service.js';
import {
  bankOrderPaidText,
  coinOrderPlacedText,
  feedFailingText,
  feedRecoveredText,
  orderAtRiskText,
  unmatchedTransferText,
  unreadableTransferText,
} from './messages.js';
import { createTelegramClient, type TelegramClientOptions } from './telegram.js';
import { claimWrongAccountAlert, isWrongAccount, wrongAccountText } from './wrong-account.js';

export interface Alerts {
  /** Resolves when every alert under way has been sent or given up (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops listening, cuts retries short and waits for the alerts under way. */
  stop(): Promise<void>;
}

/** Retry tuning for tests (an instant `sleep`); production uses the client's defaults. */
export type AlertOptions = Pick<TelegramClientOptions, 'sleep' | 'maxAttempts' | 'timeoutMs' | 'baseDelayMs' | 'maxRetryAfterMs'>;

/** Whether the event may need an alert, decided without reading anything. */
function mayNeedAlert(event: LiveEvent): boolean {
  if (event.kind === EVENT_KINDS.TRANSFER) return event.cause === EVENT_CAUSES.RECEIVED;
  if (event.kind === EVENT_KINDS.FEED) return true;
  return event.cause === EVENT_CAUSES.PLACED || event.cause === EVENT_CAUSES.PAID || event.cause === EVENT_CAUSES.AT_RISK;
}

/** The alert's text, or null when the entity does not need staff (any more). */
async function alertText(db: Db, event: LiveEvent): Promise<string | null> {
  if (event.kind === EVENT_KINDS.TRANSFER) {
    const transfer = await getAdminTransfer(db, event.entityId);
    // Once per account, whichever instance and however many restarts (wrong-account.ts).
    if (transfer && isWrongAccount(transfer)) return (await claimWrongAccountAlert(db, transfer)) ? wrongAccountText(transfer) : null;
    if (transfer?.status === TRANSFER_STATUS.INVALID) return unreadableTransferText(transfer);
    return transfer?.status === TRANSFER_STATUS.UNMATCHED ? unmatchedTransferText(transfer) : null;
  }
  if (event.kind === EVENT_KINDS.FEED) {
    // Told as things stand when the alert goes: a feed that recovered meanwhile is not reported failing.
    const feed = await getBankFeedStatus(db, event.entityId);
    if (!feed) return null;
    if (event.cause === EVENT_CAUSES.FEED_FAILING) return feed.failing_since ? feedFailingText(feed) : null;
    return feed.failing_since ? null : feedRecoveredText(feed);
  }
  const order = await getOrderRow(db, event.entityId);
  // Already finished by the time the event arrived (a fast admin, the deadline job): nothing to do.
  if (!order || isFinalStatus(order.status)) return null;
  switch (event.cause) {
    case EVENT_CAUSES.PLACED:
      // A bank order needs staff only once paid ('paid' then).
      return order.pay_method === PAY_METHOD.COIN ? coinOrderPlacedText(order) : null;
    case EVENT_CAUSES.PAID:
      return bankOrderPaidText(order);
    case EVENT_CAUSES.AT_RISK:
      return orderAtRiskText(order);
    default:
      return null;
  }
}

const idleAlerts: Alerts = { idle: async () => {}, stop: async () => {} };

export function startAlerts(ctx: AppContext, options: AlertOptions = {}): Alerts {
  const target = ctx.config.telegram;
  if (!target) return idleAlerts;
  const log = ctx.log.child({ module: 'alerts' });
  const send = async (event: LiveEvent) => {
    const context = { kind: event.kind, cause: event.cause, entityId: event.entityId };
    try {
      const text = await alertText(ctx.db, event);
      if (text) await telegram.sendMessage(text, context);
    } catch (error) {
      // Reading the order or the transfer failed; the change itself stands.
      log.error({ ...context, err: error }, 'staff alert failed');
    }
  };
  const listener = listenAfterCommit(ctx, mayNeedAlert, send);
  const telegram = createTelegramClient(target, { ...options, log, signal: listener.signal });
  return { idle: listener.idle, stop: listener.stop };
}
