/**
 * The 16:00 promise (DESIGN.md § Order lifecycle; docs/decisions/0008): an order is due at the deadline
 * hour in the shop's time zone on the day its clock starts, or on the next day when it starts at or
 * after that hour. A coin order's clock starts when it is placed; a bank order's when its payment is
 * confirmed (its placement due time stands until then).
 * Wall-clock arithmetic in the zone is @date-fns/tz's: a configured zone with DST also lands on its
 * local hour.
 */
import { TZDate } from '@date-fns/tz';
import { SHOP_TIME_ZONE } from '@lucky/shared';

export function dueAtFor(placedAt: Date, deadlineHour: number, timeZone: string = SHOP_TIME_ZONE): Date {
  const local = new TZDate(placedAt.getTime(), timeZone);
  const dayShift = local.getHours() >= deadlineHour ? 1 : 0;
  // Day 32 rolls into the next month, as with Date: "tomorrow" needs no calendar code.
  const due = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + dayShift, deadlineHour, 0, 0, 0, timeZone);
  return new Date(due.getTime());
}
