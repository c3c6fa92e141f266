import { describe, expect, it } from 'vitest';
import { orderCodeCandidates } from './memo.js';
import { cassoNotification, fromCasso, fromSepay, parseBankTime, sepayNotification } from './notifications.js';
import { cassoBody, sepayBody } from './webhook-fixtures.js';

describe('order codes in a transfer memo', () => {
  it.each([
    ['LK9DMV6AQC', ['LK9DMV6AQC']],
    ['MBVCB.3278614.LK9DMV6AQC chuyen tien', ['LK9DMV6AQC']],
    ['lk9 dmv6aqc', ['LK9DMV6AQC']],
    ['NGUYEN VAN AN chuyen khoan LK-9DMV-6AQC.', ['LK9DMV6AQC']],
    ['IBFT LK9DMV6AQC FT25074123456', ['LK9DMV6AQC']],
    ['3278614LK9DMV6AQCchuyen tien', ['LK9DMV6AQC']],
  ])('finds the code in %j', (memo, codes) => {
    expect(orderCodeCandidates(memo)).toEqual(codes);
  });

  it('offers every window of the right shape, in order, once each', () => {
    // 'LKLK9DMV6AQC': 'LKLK9DMV6A' has an L (not Crockford) and is skipped; the real code follows.
    expect(orderCodeCandidates('LKLK9DMV6AQC')).toEqual(['LK9DMV6AQC']);
    expect(orderCodeCandidates('LK12345678 va LK9DMV6AQC, lai LK9DMV6AQC')).toEqual(['LK12345678', 'LK9DMV6AQC']);
  });

  it("puts SePay's own reading first", () => {
    expect(orderCodeCandidates('LK0000ABCD', 'tien LK9DMV6AQC')).toEqual(['LK0000ABCD', 'LK9DMV6AQC']);
  });

  it('finds nothing without a code of the right shape', () => {
    expect(orderCodeCandidates('chuyen tien nap game')).toEqual([]);
    expect(orderCodeCandidates('LK9DMV6AQ')).toEqual([]);
    expect(orderCodeCandidates('LK9DMV6AQI')).toEqual([]);
    expect(orderCodeCandidates('')).toEqual([]);
  });
});

describe('reading the providers’ notifications', () => {
  it('reads Vietnam time (+07:00) and refuses what is not a time', () => {
    expect(parseBankTime('2023-03-25 14:02:37')?.toISOString()).toBe('2023-03-25T07:02:37.000Z');
    expect(parseBankTime('2024-10-03 00:06')?.toISOString()).toBe('2024-10-02T17:06:00.000Z');
    expect(parseBankTime('2024-10-03T15:06:37+07:00')?.toISOString()).toBe('2024-10-03T08:06:37.000Z');
    expect(parseBankTime('2024-02-31 10:00:00')).toBeNull();
    expect(parseBankTime('hôm qua')).toBeNull();
  });

  it('takes the shop’s account from SePay’s accountNumber or subAccount', () => {
    const now = new Date();
    const body = sepayNotification.parse(
      sepayBody({ txId: 1, amountVnd: 50_000, memo: 'LK9DMV6AQC', account: '999', virtualAccount: 'VQR123' }),
    );
    expect(fromSepay(body, 'VQR123', now).accountNumber).toBe('VQR123');
    expect(fromSepay(body, '0071000123456', now).accountNumber).toBe('999');
    expect(fromSepay(body, '999', now)).toMatchObject({
      provider: 'sepay',
      providerTxId: '1',
      direction: 'in',
      amountVnd: 50_000,
      content: 'LK9DMV6AQC',
    });
  });

  it('reads a negative Casso amount as money going out', () => {
    const body = cassoNotification.parse(cassoBody({ txId: 2, amountVnd: 20_000, memo: 'phi', direction: 'out' }));
    expect(fromCasso(body, '0071000123456', new Date())).toMatchObject({
      direction: 'out',
      amountVnd: 20_000,
      providerTxId: '2',
    });
  });

  it('uses the time it received a notification whose bank time cannot be read', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const body = sepayNotification.parse({
      ...sepayBody({ txId: 3, amountVnd: 1, memo: '' }),
      transactionDate: 'không rõ',
    });
    expect(fromSepay(body, '1', now).transactionAt).toEqual(now);
  });
});
