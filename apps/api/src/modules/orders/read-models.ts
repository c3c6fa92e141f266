/**
 * What other modules' queries may know of orders, as SQL to embed in their own selects (a customer's coin
 * figures, a ledger row's or a transfer's order code). Built here, so the order tables stay this module's:
 * other modules never name them (docs/architecture.md "Layers and modules").
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { orders, userOrderCounts } from '../../db/schema.js';
import { pendingCoinsOf } from './conditions.js';

export { pendingCoinsOf };

/**
 * How many orders the user the given SQL names has placed: their row of user_order_counts, kept by triggers on
 * orders (migration 0012), so a list of customers reads one row each whatever their history. `userId` is
 * written out qualified (e.g. sql.raw('"users"."id"')), as for pendingCoinsOf.
 */
export function orderCountOf(userId: SQLWrapper): SQL<number> {
  return sql<number>`coalesce((select oc.orders from ${userOrderCounts} oc where oc.user_id = ${userId}), 0)`.mapWith(Number);
}

/** The code of the order the given column or SQL names; null when it names none. */
export function orderCodeOf(orderId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select oc.code from ${orders} oc where oc.id = ${orderId})`;
}

/** Ids of the orders whose code contains the lower-case LIKE pattern (trigram index on lower(code), migration 0004). */
export function orderIdsWithCodeLike(pattern: string): SQL {
  return sql`select oc.id from ${orders} oc where lower(oc.code) like ${pattern}`;
}
