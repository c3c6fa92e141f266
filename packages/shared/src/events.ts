/**
 * Live events (docs/architecture.md "Live events"), sent as Server-Sent Events:
 * - GET /order/api/v1/order/events (a customer's own orders): `event: order`, data the order as the
 *   list returns it (`order` in schemas.ts);
 * - GET /order/api/v1/admin/order/events (admins): `event: order`, data `adminOrderEvent`, and
 *   `event: transfer`, data `adminTransferEvent`.
 * Each message has an `id:`; a reconnecting stream sends it back as Last-Event-ID and gets what it missed.
 */
import { z } from 'zod';
import { adminOrderRow } from './admin-schemas.js';
import { adminTransfer } from './payment-schemas.js';

export const EVENT_KINDS = { ORDER: 'order', TRANSFER: 'transfer' } as const;
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
} as const;
export type EventCause = (typeof EVENT_CAUSES)[keyof typeof EVENT_CAUSES];
const cause = z.enum(['placed', 'paid', 'status', 'at_risk', 'refund', 'received', 'attached', 'refunded']);

export const adminOrderEvent = z.object({ cause, order: adminOrderRow });
export type AdminOrderEvent = z.infer<typeof adminOrderEvent>;
export const adminTransferEvent = z.object({ cause, transfer: adminTransfer });
export type AdminTransferEvent = z.infer<typeof adminTransferEvent>;

/** A comment line sent this often keeps proxies from closing an idle stream. */
export const EVENT_HEARTBEAT_MS = 25_000;
