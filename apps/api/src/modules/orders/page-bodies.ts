/**
 * A customer's page of orders as its response body, written by PostgreSQL (migration 0015's
 * customer_order_page, docs/decisions/0016): the page reaches the API as one text value in the wire shape of
 * `orderList` (packages/shared guards.ts), each order as `toOrder` (reads.ts) gives it, and is sent as it is —
 * no row per order to decode and map, nothing to validate and encode again. The route keeps its response
 * schema for the OpenAPI document, and the tests hold the body to it and to the order's own answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * One page of the customer's orders, newest first (id breaks ties, so pages never overlap), each with its
 * lines, and how many orders match in all (every status: the customer's kept count; one status: counted):
 * `{ rows, total }` as JSON text, in one call. The total comes with an empty page too.
 */
export async function userOrderPageBody(
  db: Db,
  userId: string,
  page: { status: number | null; limit: number; offset: number },
): Promise<string> {
  // Both drivers answer a raw statement with `rows`; a text column comes as it is.
  const result = (await db.execute(
    sql`select customer_order_page(${userId}, ${page.status}, ${page.limit}, ${page.offset}) as body`,
  )) as unknown as { rows: { body: string | null }[] };
  const body = result.rows[0]?.body;
  if (typeof body !== 'string') throw new Error('customer_order_page answered nothing');
  return body;
}
