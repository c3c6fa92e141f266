/**
 * One shop clock in the web app: the customer's order pages and the console write the same instant the same way,
 * across the shop's midnight (17:00 UTC) — the texts apps/api/src/shop-clock.test.ts holds the API and the alerts to.
 */
import { describe, expect, it } from 'vitest';
import { formatOrderTime } from '../features/orders/format';
import { formatAdminTime } from '../lib/admin-format';

describe('the shop clock in the web app', () => {
  it('writes one time on the customer’s pages and in the console, either side of midnight', () => {
    for (const [iso, text] of [
      ['2026-11-25T16:59:59.999Z', '23:59 25/11/2026'],
      ['2026-11-25T17:00:00.000Z', '00:00 26/11/2026'],
    ] as const) {
      expect(formatOrderTime(iso)).toBe(text);
      expect(formatAdminTime(iso)).toBe(text);
    }
  });
});
