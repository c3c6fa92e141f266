/**
 * Each customer's number of orders, kept by triggers on orders (migration 0012, user_order_counts): read as one
 * row whatever the customer's history, where counting their orders reads one index entry per order.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userOrderCounts } from '../../db/schema.js';

/** How many orders the user has placed (a customer with none may have no row: 0). */
export async function placedOrderCount(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: userOrderCounts.orders }).from(userOrderCounts).where(eq(userOrderCounts.userId, userId));
  return row?.n ?? 0;
}
