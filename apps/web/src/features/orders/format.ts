/**
 * Times on the customer's pages, written by the shop clock (packages/shared/src/shop-clock.ts): the shop's
 * local time whatever the phone's zone, without an Intl object (docs/decisions/0020).
 */
import { formatShopTime } from '@lucky/shared/shop-clock';

/** An ISO time as the shop's local time and date, e.g. "09:30 15/03/2025". */
export function formatOrderTime(iso: string): string {
  return formatShopTime(iso);
}
