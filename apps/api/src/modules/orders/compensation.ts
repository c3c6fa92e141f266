/**
 * Late compensation (docs/product.md §4, §9; docs/decisions/0022-promise-lead-time.md): the shop pays
 * `lateCompensationCoins` for a late order only when money was at stake — a coin order's coins, a bank order's
 * payment — and at most COMPENSATION_DAILY_CAP coins to one customer in one shop day. The day's compensation
 * is counted from the coin ledger under the customer's row lock, so two instances settling two late orders of
 * one customer at once queue there, and the second counts what the first paid.
 */
import { ORDER_STATUS, PAY_METHOD, lateCompensationCoins, shopDay } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { lateCompensationBetween, lockCoinTotal } from '../coins/service.js';
import type { LockedOrder } from './lifecycle-repository.js';

/**
 * Whether the customer had money in the order: a coin order's reserved coins (none for an order of free
 * items), or a bank order's verified payment — one that reached 'Đang xử lý' with money a bank feed reported
 * (staff's manual record alone is their word, not money seen: docs/decisions/0023).
 */
export function moneyAtStake(
  order: Pick<LockedOrder, 'payMethod' | 'status' | 'totalCoin' | 'paidAt' | 'receivedVnd' | 'unverifiedVnd'>,
): boolean {
  if (order.payMethod === PAY_METHOD.COIN) return order.totalCoin > 0;
  return order.status === ORDER_STATUS.PROCESSING && order.paidAt !== null && order.receivedVnd > order.unverifiedVnd;
}

/** The coins a late order earns when it is settled at `now`, in the settling transaction `tx`. */
export async function lateCompensationFor(ctx: AppContext, tx: Tx, order: LockedOrder, now: Date): Promise<number> {
  if (!moneyAtStake(order)) return 0;
  const full = lateCompensationCoins(order.totalCoin);
  await lockCoinTotal(tx, order.userId);
  const day = shopDay(now);
  const paidToday = await lateCompensationBetween(tx, order.userId, day.start, day.end);
  return Math.max(0, Math.min(full, ctx.config.compensationDailyCap - paidToday));
}
