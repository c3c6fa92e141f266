/**
 * The shop clock: the one place that knows the shop's time zone, its calendar day, the deadline instant of
 * the 16:00 promise and how a time is written for customers, staff and alerts (docs/architecture.md "Where
 * each rule lives"). The API, the web app, the alerts and — through `shop_time_zone()`, which the API
 * writes at start-up from SHOP_TIME_ZONE — the database all read time through it.
 *
 * Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving since 1975), so the shop's own zone is plain
 * arithmetic: no Intl object, whose first use costs a page 15–30 ms of locale loading (decision 0020).
 * shop-clock.test.ts compares it with Intl over a century. Another zone (tests, a future shop) goes through
 * Intl, so a zone with daylight saving still lands on its local hour.
 */
import { SHOP_TIME_ZONE } from './constants.js';

/** The shop's offset from UTC, in minutes. */
export const SHOP_UTC_OFFSET_MINUTES = 7 * 60;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A local date and time; month 1–12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes the zone is ahead of UTC at `instant`. */
export function zoneOffsetMinutes(instant: Date, timeZone: string = SHOP_TIME_ZONE): number {
  if (timeZone === SHOP_TIME_ZONE) return SHOP_UTC_OFFSET_MINUTES;
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

/** The zone's wall clock at `instant`. */
export function toWallClock(instant: Date, timeZone: string = SHOP_TIME_ZONE): WallClock {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * MINUTE_MS);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant the zone's clocks show `wall`. Out-of-range fields roll over as with Date (day 32 is the
 * first of the next month). The offset is read at the first guess and once more at the result, which
 * settles it across a daylight-saving change.
 */
export function fromWallClock(wall: WallClock, timeZone: string = SHOP_TIME_ZONE): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const guess = new Date(asUtc - zoneOffsetMinutes(new Date(asUtc), timeZone) * MINUTE_MS);
  return new Date(asUtc - zoneOffsetMinutes(guess, timeZone) * MINUTE_MS);
}

const two = (value: number) => String(value).padStart(2, '0');

/** The shop's calendar date of `instant`, 'YYYY-MM-DD'. */
export function shopDate(instant: Date): string {
  const wall = toWallClock(instant);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
}

/** The shop's calendar day [start, end) around `instant`, and its 'YYYY-MM-DD' name. */
export function shopDay(instant: Date): { start: Date; end: Date; date: string } {
  const wall = toWallClock(instant);
  const start = fromWallClock({ ...wall, hour: 0, minute: 0, second: 0 });
  return { start, end: new Date(start.getTime() + DAY_MS), date: shopDate(instant) };
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The shop day named 'YYYY-MM-DD'; null when it is not a real date. */
export function shopDayOf(date: string): { start: Date; end: Date; date: string } | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = fromWallClock({ year, month, day, hour: 0, minute: 0, second: 0 });
  return shopDate(start) === date ? { start, end: new Date(start.getTime() + DAY_MS), date } : null;
}

/**
 * When an order whose promise clock starts at `clockStart` is due: the deadline hour of that day in the
 * zone, or of the next day when the clock starts at or after it.
 */
export function deadlineAfter(clockStart: Date, deadlineHour: number, timeZone: string = SHOP_TIME_ZONE): Date {
  const wall = toWallClock(clockStart, timeZone);
  const dayShift = wall.hour >= deadlineHour ? 1 : 0;
  return fromWallClock({ ...wall, day: wall.day + dayShift, hour: deadlineHour, minute: 0, second: 0 }, timeZone);
}

/** The promise's settings: the daily deadline hour and the lead time an order needs before it. */
export interface PromiseSettings {
  deadlineHour: number;
  /** An order whose clock starts less than this many minutes before a deadline is due at the next one. */
  leadMinutes: number;
}

/**
 * When an order whose promise clock starts at `clockStart` is due (docs/decisions/0022-promise-lead-time.md):
 * the first deadline after it that leaves at least the lead time. With the 60-minute default, a coin order
 * placed at 15:00 is due at 16:00 that day, and one placed at 15:00:01 — or at 15:59:59 — at 16:00 the next day.
 */
export function promiseDueAt(clockStart: Date, promise: PromiseSettings, timeZone: string = SHOP_TIME_ZONE): Date {
  let due = deadlineAfter(clockStart, promise.deadlineHour, timeZone);
  while (due.getTime() - clockStart.getTime() < promise.leadMinutes * MINUTE_MS) {
    due = deadlineAfter(due, promise.deadlineHour, timeZone);
  }
  return due;
}

/** An hour of the day as customers read it: 16 → '16:00'. */
export const formatShopHour = (hour: number): string => `${two(hour)}:00`;

const asDate = (value: Date | string): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * A time as customers and staff read it: '09:30 15/03/2025', the shop's time. A text that is not a
 * time is returned as it is.
 */
export function formatShopTime(value: Date | string): string {
  const date = asDate(value);
  if (!date) return String(value);
  const wall = toWallClock(date);
  return `${two(wall.hour)}:${two(wall.minute)} ${two(wall.day)}/${two(wall.month)}/${wall.year}`;
}

/** The same without the year, for one-line alerts: '16:00 23/11'. */
export function formatShopTimeShort(value: Date | string): string {
  const date = asDate(value);
  if (!date) return String(value);
  const wall = toWallClock(date);
  return `${two(wall.hour)}:${two(wall.minute)} ${two(wall.day)}/${two(wall.month)}`;
}

/** The date alone, as customers read it: '26/11'. */
export function formatShopDayMonth(value: Date | string): string {
  const date = asDate(value);
  if (!date) return String(value);
  const wall = toWallClock(date);
  return `${two(wall.day)}/${two(wall.month)}`;
}

/** The banks' and bank feeds' way of writing a shop time: '2024-10-03 15:06:37'. */
export function formatBankTime(instant: Date): string {
  const wall = toWallClock(instant);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)} ${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
}

const BANK_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/**
 * A bank's local time ('YYYY-MM-DD HH:mm[:ss]', the shop's zone) as an instant; a time with its own zone
 * is read as given. Null when it cannot be read or names no real date.
 */
export function parseBankTime(value: string): Date | null {
  const text = value.trim();
  const local = BANK_TIME.exec(text);
  if (local) {
    const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map((i) => Number(local[i])) as [number, number, number, number, number];
    const second = local[6] === undefined ? 0 : Number(local[6]);
    const instant = fromWallClock({ year, month, day, hour, minute, second });
    // Date.UTC rolls 2024-02-31 over to March: refuse what is not a real date.
    return toWallClock(instant).day === day ? instant : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)) return asDate(text);
  return null;
}
