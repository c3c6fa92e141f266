import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE } from '@lucky/shared';
import { formatOrderTime } from './format';

describe('formatOrderTime', () => {
  it("writes the shop's local time and date", () => {
    expect(formatOrderTime('2025-03-15T02:30:00Z')).toBe('09:30 15/03/2025');
    // 17:05 UTC on New Year's Eve is already the next year in Vietnam.
    expect(formatOrderTime('2025-12-31T17:05:00.000Z')).toBe('00:05 01/01/2026');
    expect(formatOrderTime('2026-11-25T09:00:00+07:00')).toBe('09:00 25/11/2026');
  });

  it('prints what Intl.DateTimeFormat vi-VN prints in the shop time zone, over decades', () => {
    const intl = new Intl.DateTimeFormat('vi-VN', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: SHOP_TIME_ZONE,
    });
    const start = Date.UTC(1980, 0, 1);
    const end = Date.UTC(2080, 0, 1);
    // Every 97 hours and 13 minutes: each hour of the day, each day of the month, leap days included.
    for (let time = start; time < end; time += (97 * 60 + 13) * 60_000) {
      const iso = new Date(time).toISOString();
      expect(formatOrderTime(iso), iso).toBe(intl.format(time));
    }
  });

  it('leaves a text that is not a time as it is', () => {
    expect(formatOrderTime('không rõ')).toBe('không rõ');
  });
});
