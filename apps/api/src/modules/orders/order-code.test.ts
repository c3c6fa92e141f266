import { describe, expect, it } from 'vitest';
import { ORDER_CODE_PATTERN, newOrderCode } from './order-code.js';

describe('order codes', () => {
  it('are LK plus 8 Crockford base32 characters: no I, L, O or U to misread in a bank memo', () => {
    const codes = Array.from({ length: 2000 }, () => newOrderCode());
    for (const code of codes) {
      expect(code).toMatch(ORDER_CODE_PATTERN);
      expect(code.slice(2)).not.toMatch(/[ILOU]/);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('use every one of the 40 random bits', () => {
    expect(newOrderCode((size) => Buffer.alloc(size, 0x00))).toBe('LK00000000');
    expect(newOrderCode((size) => Buffer.alloc(size, 0xff))).toBe('LKZZZZZZZZ');
    expect(newOrderCode(() => Buffer.from([0, 0, 0, 0, 33]))).toBe('LK00000011');
  });
});
