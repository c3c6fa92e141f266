import { describe, expect, it } from 'vitest';
import { canMoveOrder, isFinalStatus, orderStatusColour, orderStatusLabel } from './order-status.js';

describe('order status', () => {
  it('has the labels and colours of docs/product.md §4, and shows unknown values raw', () => {
    expect([0, 1, 2, 3, -1].map(orderStatusLabel)).toEqual(['Đang chờ duyệt', 'Đang xử lý', 'Đã hoàn thành', 'Đã từ chối', 'Tất cả']);
    expect([0, 1, 2, 3].map(orderStatusColour)).toEqual(['grey', 'yellow', 'green', 'red']);
    expect(orderStatusLabel(7)).toBe('7');
    expect(orderStatusColour(7)).toBeUndefined();
  });

  it('allows only 0→1, 0→3, 1→2 and 1→3', () => {
    const allowed: string[] = [];
    for (const from of [0, 1, 2, 3]) for (const to of [0, 1, 2, 3]) if (canMoveOrder(from, to)) allowed.push(`${from}→${to}`);
    expect(allowed).toEqual(['0→1', '0→3', '1→2', '1→3']);
    expect([0, 1, 2, 3].map(isFinalStatus)).toEqual([false, false, true, true]);
  });
});
