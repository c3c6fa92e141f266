/**
 * Reading a customer's own orders (docs/product.md §7): one order, a page of them, their count. An order
 * is shown as its customer may see it — no game password, no idempotency data; the admin view extends it.
 */
import {
  API_MESSAGES,
  ORDER_STATUS_ALL,
  type Order,
} from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import * as repo from './repository.js';
import { placedOrderCount } from './order-counts.js';
import { userOrderPageBody } from './page-bodies.js';

/** An order as its customer sees it (no password, no idempotency data); the admin view extends it. */
export function toOrder(row: repo.OrderRow, lines: readonly repo.PlacedLine[]): Order {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    pay_method: row.payMethod,
    pay_qr_code: row.payQrCode,
    platform_id: row.platformId,
    platform_name: row.platformName,
    stores: lines.map((line) => ({
      store_id: line.storeId,
      name: line.name,
      price: line.priceVnd,
      coin: line.coinCost,
      gift_coin: line.giftCoin,
      quantity: line.quantity,
    })),
    total_price: row.totalPriceVnd,
    total_coin: row.totalCoin,
    total_gift_coin: row.totalGiftCoin,
    order_bank_name: row.bankName,
    order_contact: row.contact,
    order_account: row.account,
    order_server: row.server,
    order_uid: row.uid,
    order_comment: row.comment,
    result_comment: row.resultComment,
    result_picture: row.resultPicture,
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
  };
}


/** Lines of several orders in one query (no N+1), grouped by order id, in their cart order. */
export async function linesByOrder(db: Db, orderIds: string[]): Promise<Map<string, repo.OrderLineRow[]>> {
  const byOrder = new Map<string, repo.OrderLineRow[]>();
  for (const line of await repo.findLines(db, orderIds)) {
    const group = byOrder.get(line.orderId);
    if (group) group.push(line);
    else byOrder.set(line.orderId, [line]);
  }
  return byOrder;
}

/** The lines of one order, in their cart order. */
export function linesOfOrder(db: Db, orderId: string): Promise<repo.OrderLineRow[]> {
  return repo.findLines(db, [orderId]);
}

/** The caller's own order; another customer's order and an unknown id look the same (404). */
export async function getOrder(db: Db, userId: string, orderId: string): Promise<Order> {
  const row = await repo.findUserOrder(db, userId, orderId);
  if (!row) throw notFound(API_MESSAGES.orderNotFound);
  return toOrder(row, await linesOfOrder(db, row.id));
}

/**
 * A page of the caller's own orders, newest first, and how many match: the response body as PostgreSQL
 * writes it (page-bodies.ts), in the shape of `OrderList`; on the embedded database, kept in memory until the
 * customer's orders change (page-cache.ts).
 */
export function listOrdersBody(
  ctx: Pick<AppContext, 'db' | 'orderPages'>,
  userId: string,
  query: { page: number; limit: number; status?: number | undefined },
): Promise<string> {
  const status = query.status === undefined || query.status === ORDER_STATUS_ALL ? null : query.status;
  const page = { status, limit: query.limit, offset: (query.page - 1) * query.limit };
  return ctx.orderPages.page(userId, `${status ?? 'all'}:${page.limit}:${page.offset}`, () => userOrderPageBody(ctx.db, userId, page));
}

/** How many orders the customer has placed: their kept count (order-counts.ts), one row whatever their history. */
export function countOrders(db: Db, userId: string): Promise<number> {
  return placedOrderCount(db, userId);
}
