/**
 * When an order placed now will be done, as the platform page says it before the order button: the 16:00
 * promise with its lead time, computed by the shop clock exactly as the API sets a coin order's due time
 * (packages/shared/src/shop-clock.ts, docs/decisions/0022-promise-lead-time.md). A bank order's promise
 * starts when its payment arrives, which for a transfer made at once is the same answer.
 */
import type { PublicConfig } from '@lucky/shared/guards';
import { formatShopDayMonth, formatShopHour, promiseDueAt, shopDate, shopDay } from '@lucky/shared/shop-clock';
import { STOREFRONT_TEXTS } from '@lucky/shared/texts';

/** 'Hoàn thành trước 16:00 hôm nay', or '… ngày mai (26/11)' once the lead time before today's deadline has begun. */
export function promiseText(now: Date, promise: PublicConfig['promise']): string {
  const due = promiseDueAt(now, { deadlineHour: promise.deadline_hour, leadMinutes: promise.lead_minutes });
  const time = formatShopHour(promise.deadline_hour);
  const dueDate = shopDate(due);
  if (dueDate === shopDate(now)) return STOREFRONT_TEXTS.promiseToday(time);
  if (dueDate === shopDate(shopDay(now).end)) return STOREFRONT_TEXTS.promiseTomorrow(time, formatShopDayMonth(due));
  return STOREFRONT_TEXTS.promiseOn(time, formatShopDayMonth(due));
}
