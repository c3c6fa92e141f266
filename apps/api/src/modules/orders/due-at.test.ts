import { describe, expect, it } from 'vitest';
import { dueAtFor } from './due-at.js';

// Vietnam is UTC+7 all year: 16:00 there is 09:00Z.
describe('the 16:00 deadline of an order', () => {
  it('is 16:00 the same day for an order placed at 15:59 Vietnam time', () => {
    expect(dueAtFor(new Date('2026-03-10T08:59:59.999Z'), 16).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('is 16:00 the next day for an order placed at exactly 16:00 Vietnam time', () => {
    expect(dueAtFor(new Date('2026-03-10T09:00:00.000Z'), 16).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('counts the Vietnamese calendar day, not the UTC one (00:30 local is still the previous UTC day)', () => {
    expect(dueAtFor(new Date('2026-03-09T17:30:00Z'), 16).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('rolls over the end of a month and a year', () => {
    expect(dueAtFor(new Date('2026-12-31T16:59:00Z'), 16).toISOString()).toBe('2027-01-01T09:00:00.000Z');
    expect(dueAtFor(new Date('2026-02-28T10:00:00Z'), 16).toISOString()).toBe('2026-03-01T09:00:00.000Z');
  });

  it('follows a configured deadline hour', () => {
    expect(dueAtFor(new Date('2026-03-10T12:00:00Z'), 20).toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(dueAtFor(new Date('2026-03-10T13:00:00Z'), 20).toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });

  it('takes the offset from the time-zone database, so a zone with DST lands on its local hour', () => {
    // 17:00 EST on the eve of the US switch to EDT: due 16:00 EDT (UTC−4) the next day.
    expect(dueAtFor(new Date('2026-03-07T22:00:00Z'), 16, 'America/New_York').toISOString()).toBe('2026-03-08T20:00:00.000Z');
  });
});
