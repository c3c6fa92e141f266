/** The push_subscriptions table (modules/push): a customer's browsers for order notifications. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema.js';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewPushSubscription {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores the browser for the customer; a browser subscribed before (by anyone) is theirs now, with its new keys. */
export async function upsertSubscription(db: Db, subscription: NewPushSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: subscription.userId, p256dh: subscription.p256dh, auth: subscription.auth },
    });
}

/** Forgets the customer's own subscription at `endpoint`; another customer's is left alone. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The push service said the browser is gone (404, 410). */
export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
