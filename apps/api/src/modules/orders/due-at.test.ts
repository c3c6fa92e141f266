import { describe, expect, it } from 'vitest';
import { dueAtFor } from './due-at.js';

// Vietnam is UTC+7 all year: 16:00 there is 09:00Z.
const NO_LEAD = { deadlineHour: 16, promiseLeadMinutes: 0 };
const LEAD = { deadlineHour: 16, promiseLeadMinutes: 60 };

describe('the 16:00 deadline of an order, without a lead time', () => {
  it('is 16:00 the same day for an order placed at 15:59 Vietnam time', () => {
    expect(dueAtFor(new Date('2026-03-10T08:59:59.999Z'), NO_LEAD).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('is 16:00 the next day for an order placed at exactly 16:00 Vietnam time', () => {
    expect(dueAtFor(new Date('2026-03-10T09:00:00.000Z'), NO_LEAD).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('counts the Vietnamese calendar day, not the UTC one (00:30 local is still the previous UTC day)', () => {
    expect(dueAtFor(new Date('2026-03-09T17:30:00Z'), NO_LEAD).toISOString()).toBe('2026-03-10T09:00:00.000Z');
  });

  it('rolls over the end of a month and a year', () => {
    expect(dueAtFor(new Date('2026-12-31T16:59:00Z'), NO_LEAD).toISOString()).toBe('2027-01-01T09:00:00.000Z');
    expect(dueAtFor(new Date('2026-02-28T10:00:00Z'), NO_LEAD).toISOString()).toBe('2026-03-01T09:00:00.000Z');
  });

  it('follows a configured deadline hour', () => {
    expect(dueAtFor(new Date('2026-03-10T12:00:00Z'), { deadlineHour: 20, promiseLeadMinutes: 0 }).toISOString()).toBe('2026-03-10T13:00:00.000Z');
    expect(dueAtFor(new Date('2026-03-10T13:00:00Z'), { deadlineHour: 20, promiseLeadMinutes: 0 }).toISOString()).toBe('2026-03-11T13:00:00.000Z');
  });

  it('takes the offset from the time-zone database, so a zone with DST lands on its local hour', () => {
    // 17:00 EST on the eve of the US switch to EDT: due 16:00 EDT (UTC−4) the next day.
    expect(dueAtFor(new Date('2026-03-07T22:00:00Z'), NO_LEAD, 'America/New_York').toISOString()).toBe('2026-03-08T20:00:00.000Z');
  });
});

describe('the promise’s lead time (PROMISE_LEAD_MINUTES, 60 by default)', () => {
  it('makes an order placed at 15:59:59 due at 16:00 tomorrow, not one second later', () => {
    expect(dueAtFor(new Date('2026-03-10T08:59:59Z'), LEAD).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('keeps 16:00 today for an order placed exactly the lead time before it, and moves one placed a second later', () => {
    expect(dueAtFor(new Date('2026-03-10T08:00:00Z'), LEAD).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(dueAtFor(new Date('2026-03-10T08:00:01Z'), LEAD).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('leaves the morning’s orders and those after the deadline as they were', () => {
    expect(dueAtFor(new Date('2026-03-10T02:00:00Z'), LEAD).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(dueAtFor(new Date('2026-03-10T09:30:00Z'), LEAD).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });

  it('counts the lead across the end of a month, and in a zone with daylight saving', () => {
    expect(dueAtFor(new Date('2026-02-28T08:30:00Z'), LEAD).toISOString()).toBe('2026-03-01T09:00:00.000Z');
    // 15:30 EST on the eve of the US switch: due 16:00 EDT (UTC−4) the next day.
    expect(dueAtFor(new Date('2026-03-07T20:30:00Z'), LEAD, 'America/New_York').toISOString()).toBe('2026-03-08T20:00:00.000Z');
  });

  it('takes a longer lead from the setting', () => {
    const lead = { deadlineHour: 16, promiseLeadMinutes: 180 };
    expect(dueAtFor(new Date('2026-03-10T05:59:00Z'), lead).toISOString()).toBe('2026-03-10T09:00:00.000Z');
    expect(dueAtFor(new Date('2026-03-10T06:01:00Z'), lead).toISOString()).toBe('2026-03-11T09:00:00.000Z');
  });
});
