import { describe, expect, it } from 'vitest';
import { cassoNotification, fromCasso, fromSepay, sepayNotification } from './notifications.js';
import { cassoRow, fromCassoRow, fromSepayRow, sepayRow } from './pulled-rows.js';

const SHOP = '0071000888888';
const NOW = new Date('2026-11-23T05:00:00Z');

/** The row of SePay's list in its documentation ('Lấy danh sách giao dịch'). */
const SEPAY_ROW = {
  id: '49682',
  bank_brand_name: 'Vietcombank',
  account_number: SHOP,
  transaction_date: '2023-05-05 19:59:48',
  amount_out: '0.00',
  amount_in: '18067000.00',
  accumulated: '1200541768.00',
  transaction_content: 'DUONG THUY ANH chuyen tien LK9DMV6AQC',
  reference_number: '677760.050523.080001',
  code: null,
  sub_account: 'VCB0011ABC004',
  bank_account_id: '19',
};

describe('a row of SePay’s transaction list', () => {
  it('is the same transfer its webhook reports: provider, transaction id, direction, amount, account and time', () => {
    const pulled = fromSepayRow(sepayRow.parse(SEPAY_ROW), SHOP, NOW);
    const webhook = fromSepay(
      sepayNotification.parse({
        id: 49682,
        gateway: 'Vietcombank',
        transactionDate: '2023-05-05 19:59:48',
        accountNumber: SHOP,
        code: null,
        content: 'DUONG THUY ANH chuyen tien LK9DMV6AQC',
        transferType: 'in',
        transferAmount: 18_067_000,
        accumulated: 1_200_541_768,
        subAccount: 'VCB0011ABC004',
        referenceCode: '677760.050523.080001',
        description: 'BankAPINotify DUONG THUY ANH chuyen tien LK9DMV6AQC',
      }),
      SHOP,
      NOW,
    );
    expect(pulled).toEqual(webhook);
    expect(pulled).toMatchObject({ provider: 'sepay', providerTxId: '49682', direction: 'in', amountVnd: 18_067_000 });
    expect(pulled.transactionAt.toISOString()).toBe('2023-05-05T12:59:48.000Z');
  });

  it('reads money going out from amount_out', () => {
    const pulled = fromSepayRow(sepayRow.parse({ ...SEPAY_ROW, amount_in: '0.00', amount_out: '500000.00' }), SHOP, NOW);
    expect(pulled).toMatchObject({ direction: 'out', amountVnd: 500_000 });
  });

  it('reads decimal strings exactly, up to a trillion đồng, and refuses a fraction of a đồng', () => {
    expect(sepayRow.parse({ ...SEPAY_ROW, amount_in: '999999999999999.00' }).amount_in).toBe(999_999_999_999_999);
    expect(sepayRow.parse({ ...SEPAY_ROW, amount_in: '50000' }).amount_in).toBe(50_000);
    expect(sepayRow.safeParse({ ...SEPAY_ROW, amount_in: '50000.50' }).success).toBe(false);
    expect(sepayRow.safeParse({ ...SEPAY_ROW, amount_in: '-50000.00' }).success).toBe(false);
    expect(sepayRow.safeParse({ ...SEPAY_ROW, amount_in: '5e4' }).success).toBe(false);
  });
});

/** A record of Casso's list as its documentation shows one ('API lấy giao dịch'). */
const CASSO_ROW = {
  id: 5789,
  tid: 'TF2104152395814062',
  description: 'MBVCB.3278614.LK9DMV6AQC chuyen tien',
  amount: 193_000,
  cusum_balance: 1_070_904,
  when: '2024-10-03 15:06:37',
  bank_sub_acc_id: SHOP,
};

describe('a record of Casso’s transaction list', () => {
  it('is the same transfer its webhook reports: the record’s id is the webhook’s data.id', () => {
    const pulled = fromCassoRow(cassoRow.parse(CASSO_ROW), SHOP, NOW);
    const webhook = fromCasso(
      cassoNotification.parse({
        error: 0,
        data: {
          id: 5789,
          reference: 'TF2104152395814062',
          description: 'MBVCB.3278614.LK9DMV6AQC chuyen tien',
          amount: 193_000,
          runningBalance: 1_070_904,
          transactionDateTime: '2024-10-03 15:06:37',
          accountNumber: SHOP,
          bankName: 'VPBank',
          bankAbbreviation: 'VPB',
          virtualAccountNumber: '',
          virtualAccountName: '',
          counterAccountName: '',
          counterAccountNumber: '',
          counterAccountBankId: '',
          counterAccountBankName: '',
        },
      }),
      SHOP,
      NOW,
    );
    expect(pulled).toEqual(webhook);
  });

  it('reads a negative amount as money going out, and either spelling of the account', () => {
    const pulled = fromCassoRow(
      cassoRow.parse({ ...CASSO_ROW, amount: -350_000, bank_sub_acc_id: undefined, bankSubAccId: SHOP }),
      SHOP,
      NOW,
    );
    expect(pulled).toMatchObject({ direction: 'out', amountVnd: 350_000, accountNumber: SHOP });
  });

  it('keeps a bare day on that day, and refuses a fraction of a đồng', () => {
    const pulled = fromCassoRow(cassoRow.parse({ ...CASSO_ROW, when: '2021-04-15' }), SHOP, NOW);
    expect(pulled.transactionAt.toISOString()).toBe('2021-04-14T17:00:00.000Z');
    expect(cassoRow.safeParse({ ...CASSO_ROW, amount: 193_000.5 }).success).toBe(false);
  });
});
