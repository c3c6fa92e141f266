/**
 * One shop clock: the same instant reads the same in the API (the dashboard's and the report's day), the alerts
 * (their short form), the database (shop_day(), from shop_time_zone()) and the bank feeds' time — across the
 * shop's midnight, which is 17:00 UTC. apps/web/src/app/shop-clock.test.ts holds the web app's pages to the same
 * instants and the same texts.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE, formatBankTime, formatShopTime, parseBankTime, shopDate } from '@lucky/shared';
import { shopTime } from './modules/alerts/messages.js';
import { dashboard } from './modules/orders/service.js';
import { useTestApp } from './test/suite.js';

const t = useTestApp();

/** Just before and at the shop's midnight between 25 and 26 November 2026. */
const BEFORE = new Date('2026-11-25T16:59:59.999Z');
const AT = new Date('2026-11-25T17:00:00.000Z');

describe('the shop clock, across the shop’s midnight (17:00 UTC)', () => {
  it('writes the same time for customers, staff and alerts', () => {
    expect(formatShopTime(BEFORE)).toBe('23:59 25/11/2026');
    expect(formatShopTime(AT)).toBe('00:00 26/11/2026');
    expect(shopTime(BEFORE.toISOString())).toBe('23:59 25/11');
    expect(shopTime(AT.toISOString())).toBe('00:00 26/11');
  });

  it('puts the instant in the same day in the API, the database and the bank feeds', async () => {
    for (const [instant, day] of [
      [BEFORE, '2026-11-25'],
      [AT, '2026-11-26'],
    ] as const) {
      expect(shopDate(instant)).toBe(day);
      expect((await dashboard(t.app.ctx.db, instant)).date).toBe(day);
      const result = (await t.app.ctx.db.execute(sql`select shop_day(${instant.toISOString()}::timestamptz)::text as day, shop_time_zone() as zone`)) as {
        rows: { day: string; zone: string }[];
      };
      expect(result.rows[0]).toEqual({ day, zone: SHOP_TIME_ZONE });
      expect(parseBankTime(formatBankTime(instant))!.getTime()).toBe(Math.floor(instant.getTime() / 1000) * 1000);
    }
    expect(formatBankTime(AT)).toBe('2026-11-26 00:00:00');
  });
});
