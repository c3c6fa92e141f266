/**
 * Live events (docs/architecture.md "Live events"), sent as Server-Sent Events:
 * - GET /order/api/v1/order/events (a customer's own orders): `event: order`, data the order as the
 *   list returns it (`order` in schemas.ts);
 * - GET /order/api/v1/admin/order/events (admins): `event: order`, data `adminOrderEvent`,
 *   `event: transfer`, data `adminTransferEvent`, and `event: feed`, data `adminFeedEvent`.
 * Each message has an `id:`; a reconnecting stream sends it back as Last-Event-ID and gets what it missed.
 */
import { z } from 'zod';
import { adminOrderRow } from './admin-schemas.js';
import { adminTransfer, bankFeedStatus } from './payment-schemas.js';

/** 'feed': a bank feed's pulls (entity: the provider) have kept failing for an hour, or work again. */
export const EVENT_KINDS = { ORDER: 'order', TRANSFER: 'transfer', FEED: 'feed' } as const;
export type EventKind = (typeof EVENT_KINDS)[keyof typeof EVENT_KINDS];

/**
 * What happened: an order was placed, its payment arrived, its status moved, it became at risk of the
 * 16:00 promise, or its refund was recorded; a transfer was received, attached or refunded by staff.
 */
export const EVENT_CAUSES = {
  PLACED: 'placed',
  PAID: 'paid',
  STATUS: 'status',
  AT_RISK: 'at_risk',
  REFUND: 'refund',
  RECEIVED: 'received',
  ATTACHED: 'attached',
  REFUNDED: 'refunded',
  FEED_FAILING: 'feed_failing',
  FEED_RECOVERED: 'feed_recovered',
} as const;
export type EventCause = (typeof EVENT_CAUSES)[keyof typeof EVENT_CAUSES];
const cause = z.enum(['placed', 'paid', 'status', 'at_risk', 'refund', 'received', 'attached', 'refunded', 'feed_failing', 'feed_recovered']);

export const adminOrderEvent = z.object({ cause, order: adminOrderRow });
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>;
export const adminTransferEvent = z.object({ cause, transfer: adminTransfer });
export type AdminTransferEvent = z.infer<typeof adminTransferEvent>;
/** `event: feed` on the admin stream: a provider's pulls have failed for an hour (once per failing spell), or work again. */
export const adminFeedEvent = z.object({ cause, feed: bankFeedStatus });
export type AdminFeedEvent = z.infer<typeof adminFeedEvent>;

/** A comment line sent this often keeps proxies from closing an idle stream. */
export const EVENT_HEARTBEAT_MS = 25_000;
