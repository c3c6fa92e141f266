/**
 * The 16:00 promise (docs/decisions/0008, 0022): an order is due at the deadline hour in the shop's time zone
 * on the day its clock starts — unless it starts less than the lead time (PROMISE_LEAD_MINUTES) before that
 * deadline, or after it: then at the next day's deadline. A coin order's clock starts when it is placed; a bank
 * order's when its payment is confirmed (its placement due time stands until then). The clock arithmetic is
 * the shop clock's (packages/shared/src/shop-clock.ts), which the platform page uses to tell a customer,
 * before the order button, when an order placed now will be due.
 */
import { SHOP_TIME_ZONE, promiseDueAt } from '@lucky/shared';
import type { Config } from '../../config.js';

export type PromiseConfig = Pick<Config, 'deadlineHour' | 'promiseLeadMinutes'>;

export function dueAtFor(clockStart: Date, promise: PromiseConfig, timeZone: string = SHOP_TIME_ZONE): Date {
  return promiseDueAt(clockStart, { deadlineHour: promise.deadlineHour, leadMinutes: promise.promiseLeadMinutes }, timeZone);
}
