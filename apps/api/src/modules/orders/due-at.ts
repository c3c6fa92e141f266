/**
 * The 16:00 promise (docs/decisions/0008): an order is due at the deadline hour in the shop's time zone on
 * the day its clock starts, or on the next day when it starts at or after that hour. A coin order's clock
 * starts when it is placed; a bank order's when its payment is confirmed (its placement due time stands
 * until then). The clock arithmetic is the shop clock's (packages/shared/src/shop-clock.ts).
 */
import { SHOP_TIME_ZONE, deadlineAfter } from '@lucky/shared';

export function dueAtFor(clockStart: Date, deadlineHour: number, timeZone: string = SHOP_TIME_ZONE): Date {
  return deadlineAfter(clockStart, deadlineHour, timeZone);
}
