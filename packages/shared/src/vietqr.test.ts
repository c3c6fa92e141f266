import { describe, expect, it } from 'vitest';
import { buildVietQrPayload, crc16CcittFalse, parseEmvFields, toTransferMemo } from './vietqr.js';

describe('crc16CcittFalse', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('gives what the bit-by-bit definition gives, over the UTF-8 bytes of any text', () => {
    const bitByBit = (text: string) => {
      let crc = 0xffff;
      for (const byte of new TextEncoder().encode(text)) {
        crc ^= byte << 8;
        for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
      }
      return crc.toString(16).toUpperCase().padStart(4, '0');
    };
    for (const text of ['', 'A', '00020101021238570010A000000727', 'Đơn hàng của Khách', '\u007f\u0080 ~', 'x'.repeat(300)]) {
      expect(crc16CcittFalse(text)).toBe(bitByBit(text));
    }
  });
});

describe('buildVietQrPayload', () => {
  it('matches a published VietQR payload byte for byte (120.000 VNĐ to a VietinBank account)', () => {
    const payload = buildVietQrPayload({
      bankBin: '970415',
      accountNumber: '0011001932418',
      amountVnd: 120_000,
      memo: 'ủng hộ lũ lụt',
    });
    expect(payload).toBe(
      '00020101021238570010A00000072701270006970415011300110019324180208QRIBFTTA530370454061200005802VN62170813ung ho lu lut6304C15C',
    );
  });

  it('carries the exact amount, the account and the order code as memo, with a valid checksum', () => {
    const payload = buildVietQrPayload({ bankBin: '970436', accountNumber: '0123456789', amountVnd: 45_000, memo: 'LK7QX9M2' });
    const fields = parseEmvFields(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fields.get('53')).toBe('704');
    expect(fields.get('54')).toBe('45000');
    expect(fields.get('58')).toBe('VN');
    const account = parseEmvFields(fields.get('38')!);
    expect(account.get('00')).toBe('A000000727');
    expect(account.get('02')).toBe('QRIBFTTA');
    expect(Object.fromEntries(parseEmvFields(account.get('01')!))).toEqual({ '00': '970436', '01': '0123456789' });
    expect(parseEmvFields(fields.get('62')!).get('08')).toBe('LK7QX9M2');
    expect(fields.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it('makes a static QR (no amount, point of initiation 11) when there is no amount', () => {
    const fields = parseEmvFields(buildVietQrPayload({ bankBin: '970436', accountNumber: '0123456789' }));
    expect(fields.get('01')).toBe('11');
    expect(fields.has('54')).toBe(false);
    expect(fields.has('62')).toBe(false);
  });

  it('refuses a bad BIN, account number or amount', () => {
    expect(() => buildVietQrPayload({ bankBin: '97043', accountNumber: '1' })).toThrow(RangeError);
    expect(() => buildVietQrPayload({ bankBin: '970436', accountNumber: '12 34' })).toThrow(RangeError);
    expect(() => buildVietQrPayload({ bankBin: '970436', accountNumber: '1', amountVnd: 1.5 })).toThrow(RangeError);
    expect(() => buildVietQrPayload({ bankBin: '970436', accountNumber: '1', amountVnd: -1 })).toThrow(RangeError);
  });
});

describe('toTransferMemo', () => {
  it('drops Vietnamese diacritics and symbols and keeps 25 characters at most', () => {
    expect(toTransferMemo('Đơn hàng #12 — Lucky!')).toBe('Don hang 12 Lucky');
    expect(toTransferMemo('x'.repeat(40))).toHaveLength(25);
  });

  it('keeps a memo of 25 letters and digits as it is, and cuts a longer one', () => {
    expect(toTransferMemo('LK7Q2M9XBD')).toBe('LK7Q2M9XBD');
    expect(toTransferMemo('A1'.repeat(12) + 'Z')).toBe('A1'.repeat(12) + 'Z');
    expect(toTransferMemo('A1'.repeat(13))).toBe('A1'.repeat(12) + 'A');
  });
});
