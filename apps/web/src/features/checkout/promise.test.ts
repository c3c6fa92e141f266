import { describe, expect, it } from 'vitest';
import { promiseText } from './promise';

/** A wall-clock time in Ho Chi Minh City. */
const local = (wallClock: string) => new Date(`${wallClock}+07:00`);
const DEFAULTS = { deadline_hour: 16, lead_minutes: 60 };

describe('when an order placed now will be done (the platform page, before the order button)', () => {
  it('is 16:00 today in the morning and up to an hour before the deadline', () => {
    expect(promiseText(local('2026-11-25T08:00:00'), DEFAULTS)).toBe('Hoàn thành trước 16:00 hôm nay');
    expect(promiseText(local('2026-11-25T15:00:00'), DEFAULTS)).toBe('Hoàn thành trước 16:00 hôm nay');
  });

  it('is 16:00 tomorrow, with the date, within the lead time and after the deadline', () => {
    expect(promiseText(local('2026-11-25T15:00:01'), DEFAULTS)).toBe('Hoàn thành trước 16:00 ngày mai (26/11)');
    expect(promiseText(local('2026-11-25T15:59:59'), DEFAULTS)).toBe('Hoàn thành trước 16:00 ngày mai (26/11)');
    expect(promiseText(local('2026-11-25T23:30:00'), DEFAULTS)).toBe('Hoàn thành trước 16:00 ngày mai (26/11)');
    expect(promiseText(local('2026-12-31T18:00:00'), DEFAULTS)).toBe('Hoàn thành trước 16:00 ngày mai (01/01)');
  });

  it('writes the configured deadline hour and follows the configured lead time', () => {
    expect(promiseText(local('2026-11-25T08:00:00'), { deadline_hour: 9, lead_minutes: 60 })).toBe(
      'Hoàn thành trước 09:00 hôm nay',
    );
    expect(promiseText(local('2026-11-25T15:30:00'), { deadline_hour: 16, lead_minutes: 0 })).toBe(
      'Hoàn thành trước 16:00 hôm nay',
    );
    expect(promiseText(local('2026-11-25T13:30:00'), { deadline_hour: 16, lead_minutes: 180 })).toBe(
      'Hoàn thành trước 16:00 ngày mai (26/11)',
    );
  });

  it('names the day when a long lead after the deadline reaches past tomorrow', () => {
    // 23:00 with a 12-hour lead and an 8:00 deadline: tomorrow's 08:00 is too close, the day after's is the one.
    expect(promiseText(local('2026-11-25T23:00:00'), { deadline_hour: 8, lead_minutes: 720 })).toBe(
      'Hoàn thành trước 08:00 ngày 27/11',
    );
  });
});
