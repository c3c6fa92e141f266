/**
 * The SQL definitions of the order states that jobs, the lifecycle and the admin console must agree on
 * (docs/decisions/0005, 0008). One definition each, so a list filter, a count and a job can never
 * disagree about which orders they mean.
 */
import { and, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS, PAY_METHOD, UNPAID_ORDER_EXPIRY_HOURS } from '@lucky/shared';
import { orders } from '../../db/schema.js';

export const OPEN_STATUSES = [ORDER_STATUS.PENDING, ORDER_STATUS.PROCESSING];

/** An open order due within this long is flagged at risk of missing the promise. */
export const AT_RISK_WINDOW_MS = 60 * 60 * 1000;

const UNPAID_ORDER_EXPIRY_MS = UNPAID_ORDER_EXPIRY_HOURS * 60 * 60 * 1000;

/**
 * An order at risk: open (0, 1) and due within AT_RISK_WINDOW_MS of `now`, or already past due. The row
 * flag, the list filter and the dashboard count all use it. An unpaid bank order is flagged by its
 * placement due_at too, although the sweep does not settle it then (see `overdue`): a transfer may be
 * waiting for staff to attach it, which re-promises the order from the payment and clears the flag.
 */
export function atRisk(now: Date): SQL {
  return and(isOpen(), lte(orders.dueAt, new Date(now.getTime() + AT_RISK_WINDOW_MS)))!;
}

/**
 * Status 0 or 1, written with literal values as the partial indexes on open orders are (schema.ts
 * orders_open_due_idx, orders_open_user_idx): the planner uses such an index only when it can prove the
 * query's condition implies the index's, which a bound parameter would not let it do in a reused plan.
 */
export function isOpen(): SQL {
  return sql`${orders.status} in (${sql.raw(OPEN_STATUSES.join(', '))})`;
}

/** Orders whose 16:00 promise is running: a paid bank order (1), a coin order (0, 1). */
export function promised(): SQL {
  return or(
    and(eq(orders.payMethod, PAY_METHOD.BANK), eq(orders.status, ORDER_STATUS.PROCESSING)),
    and(eq(orders.payMethod, PAY_METHOD.COIN), inArray(orders.status, OPEN_STATUSES)),
  )!;
}

/**
 * An order the deadline sweep settles at `now`; the candidates query and the lock-and-recheck both use
 * it, so they cannot disagree:
 * - an unpaid bank order (0) once it is older than UNPAID_ORDER_EXPIRY_HOURS (created_at + window <
 *   now), whatever its due_at — it expires, it is never late;
 * - a promised order (`promised`) once past its due_at — it is late.
 */
export function overdue(now: Date): SQL {
  const unpaidBank = and(eq(orders.payMethod, PAY_METHOD.BANK), eq(orders.status, ORDER_STATUS.PENDING))!;
  // Both branches are open orders; saying so up front lets the sweep read the open orders' index alone.
  return and(
    isOpen(),
    or(and(unpaidBank, lt(orders.createdAt, new Date(now.getTime() - UNPAID_ORDER_EXPIRY_MS))), and(promised(), lt(orders.dueAt, now))),
  )!;
}

/** A bank order still waiting for its transfer (status 0). */
export const isUnpaidBankOrder = (order: { payMethod: number; status: number }): boolean =>
  order.payMethod === PAY_METHOD.BANK && order.status === ORDER_STATUS.PENDING;

/**
 * Coins reserved by the open coin orders (0, 1) of the user the given SQL names — docs/product.md §4's pending coins,
 * for the customer's balance and the console's customer list alike. `userId` is written out qualified
 * (e.g. sql.raw('"users"."id"')): drizzle leaves columns unqualified in a one-table select, which would
 * bind to the subquery's own orders.
 */
export function pendingCoinsOf(userId: SQL): SQL<number> {
  return sql<number>`(select coalesce(sum(pc.total_coin), 0) from "orders" pc where pc.user_id = ${userId} and pc.pay_method = ${sql.raw(
    String(PAY_METHOD.COIN),
  )} and pc.status in (${sql.raw(OPEN_STATUSES.join(', '))}))`.mapWith(Number);
}

/** The users table's id, qualified, for `pendingCoinsOf` in a select from users. */
export const USERS_ID = sql.raw('"users"."id"');
