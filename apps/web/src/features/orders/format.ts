/**
 * The shop's local time: Asia/Ho_Chi_Minh (SHOP_TIME_ZONE) is UTC+7 all year, with no daylight saving since
 * 1975. Written out rather than with Intl.DateTimeFormat, which prints the same (format.test.ts compares the
 * two): a page's first Intl object loads the browser's locale and time-zone data, 15–30 ms of main-thread
 * work here (four times that on a phone), which the order pages paid to show their first date
 * (docs/decisions/0020).
 */
const SHOP_UTC_OFFSET_MS = 7 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An ISO time as the shop's local time and date, e.g. "09:30 15/03/2025". */
export function formatOrderTime(iso: string): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return iso;
  const local = new Date(time + SHOP_UTC_OFFSET_MS);
  const clock = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}`;
  return `${clock} ${twoDigits(local.getUTCDate())}/${twoDigits(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
}
