/**
 * Web Push on a customer's order (the order page's 'Nhận thông báo khi đơn hoàn thành'): the request that
 * stores a browser's subscription, and the message the API sends when the order is paid, completed,
 * rejected or refunded. The service worker shows it as a notification that opens the order.
 */
import { z } from 'zod';

/** What `PushSubscription.toJSON()` gives, as the web app sends it. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    /** The browser's P-256 public key, base64url (65 bytes uncompressed). */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'p256dh must be a base64url P-256 public key'),
    /** The 16-byte authentication secret, base64url. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'auth must be a base64url secret'),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

export const pushUnsubscribeRequest = z.object({ endpoint: z.url().max(2048) });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequest>;

/** What the order changes to that a customer is told of. */
export type OrderPushChange = 'paid' | 'completed' | 'rejected' | 'refunded';

/** The payload of a push message (JSON, encrypted for the browser): a notification and the page it opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** The shop's own page to open on a click: `/gameorder/{id}`. */
  url: string;
  /** One notification per order: a later change replaces the earlier one. */
  tag: string;
  order_id: string;
  change: OrderPushChange;
}

const TEXTS: Record<OrderPushChange, { title: (code: string) => string; body: string }> = {
  paid: {
    title: (code) => `Đã nhận tiền đơn ${code}`,
    body: 'Shop đã nhận được tiền chuyển khoản. Đơn hàng đang được xử lý.',
  },
  completed: {
    title: (code) => `Đơn ${code} đã hoàn thành`,
    body: 'Đơn nạp của bạn đã hoàn thành. Bấm để xem phản hồi và ảnh kết quả.',
  },
  rejected: {
    title: (code) => `Đơn ${code} đã bị từ chối`,
    body: 'Bấm để xem phản hồi của shop.',
  },
  refunded: {
    title: (code) => `Đơn ${code} đã được hoàn tiền`,
    body: 'Shop đã hoàn tiền cho đơn hàng của bạn. Bấm để xem chi tiết.',
  },
};

export function orderPushMessage(order: { id: string; code: string }, change: OrderPushChange): PushMessage {
  const text = TEXTS[change];
  return {
    title: text.title(order.code),
    body: text.body,
    url: `/gameorder/${order.id}`,
    tag: `order-${order.id}`,
    order_id: order.id,
    change,
  };
}

/** The public VAPID key the browser subscribes with (the run-time public config's `push_public_key`). */
export const PUSH_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{80,100}$/;
