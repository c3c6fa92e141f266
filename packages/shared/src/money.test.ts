import { describe, expect, it } from 'vitest';
import { computeTotals, displayedBalance, formatNumber, formatVnd, pageCount } from './money.js';
import { PAY_METHOD } from './pay-method.js';

describe('money formatting', () => {
  it('writes VND with vi-VN thousands separators', () => {
    expect(formatNumber(1_234_567)).toBe('1.234.567');
    expect(formatVnd(20_000)).toBe('20.000 VNĐ');
    expect(formatVnd(0)).toBe('0 VNĐ');
  });

  it('writes every whole number as Intl.NumberFormat vi-VN does, rounding halves away from zero', () => {
    const intl = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
    const values = [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 123_456, 999_999, 1_000_000, 20_000_000, 2_147_483_647,
      Number.MAX_SAFE_INTEGER, -1, -999, -1_000, -1_234_567, 0.4, 0.5, 2.5, 999.5, -2.5, -999.5, 1_234.49];
    for (let step = 1; step < 1e15; step = step * 7 + 3) values.push(step, -step);
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });
});

describe('displayedBalance', () => {
  it('is the bank total minus pending coins, and 0 when the total is missing', () => {
    expect(displayedBalance(1_000, 300)).toBe(700);
    expect(displayedBalance(1_000, undefined)).toBe(1_000);
    expect(displayedBalance(undefined, 300)).toBe(0);
    expect(displayedBalance(null, null)).toBe(0);
  });
});

describe('computeTotals', () => {
  const lines = [
    { price: 20_000, coin: 200, gift_coin: 10, quantity: 2 },
    { price: 50_000, coin: 500, gift_coin: 30, quantity: 1 },
  ];
  it('sums price × quantity, coin × quantity and gift coins × quantity for a bank transfer', () => {
    expect(computeTotals(lines, PAY_METHOD.BANK)).toEqual({ priceVnd: 90_000, coin: 900, giftCoin: 50 });
  });
  it('gives no gift coins when paying by coins', () => {
    expect(computeTotals(lines, PAY_METHOD.COIN)).toEqual({ priceVnd: 90_000, coin: 900, giftCoin: 0 });
  });
  it('is zero for an empty cart', () => {
    expect(computeTotals([], PAY_METHOD.BANK)).toEqual({ priceVnd: 0, coin: 0, giftCoin: 0 });
  });
});

describe('pageCount', () => {
  it('is the total divided by the page size, rounded up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(25, 10)).toBe(3);
  });
});
