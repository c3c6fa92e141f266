/**
 * The 16:00 promise (DESIGN.md § Order lifecycle; docs/decisions/0008): an order is due at the deadline
 * hour in the shop's time zone on the day its clock starts, or on the next day when it starts at or
 * after that hour. A coin order's clock starts when it is placed; a bank order's when staff confirm
 * its payment (its placement due time stands until then).
 * The zone's offset comes from Intl, not a hard-coded +07:00, so a configured zone with DST also works.
 */
import { SHOP_TIME_ZONE } from '@lucky/shared';

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(instant: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
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
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

export function dueAtFor(placedAt: Date, deadlineHour: number, timeZone: string = SHOP_TIME_ZONE): Date {
  const local = wallClock(placedAt, timeZone);
  const dayShift = local.hour >= deadlineHour ? 1 : 0;
  // Date.UTC rolls day 32 into the next month, so "tomorrow" needs no calendar code.
  const deadlineWallClock = Date.UTC(local.year, local.month - 1, local.day + dayShift, deadlineHour);
  // Take the offset at the placing instant, then re-take it at the deadline itself (they differ only across a DST change).
  const firstGuess = deadlineWallClock - zoneOffsetMs(placedAt, timeZone);
  return new Date(deadlineWallClock - zoneOffsetMs(new Date(firstGuess), timeZone));
}
