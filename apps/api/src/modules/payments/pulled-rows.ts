/**
 * The rows of the providers' transaction lists (SePay's `GET /userapi/transactions/list`, Casso's
 * `GET /v2/transactions`), read into the same `BankNotification` a webhook becomes, so a pulled row and the
 * webhook of the same transaction are one record: the same provider and the same transaction id (SePay's
 * `id`, which its webhook's `id` carries; Casso's `id`, its webhook's `data.id`). Their contracts, like the
 * webhook bodies in notifications.ts: lenient where the providers are loose, strict about what a transfer
 * cannot be stored without.
 */
import { z } from 'zod';
import { parseBankTime } from '@lucky/shared';
import { pickAccount, type BankNotification } from './notifications.js';

const text = z
  .string()
  .max(2000)
  .nullish()
  .transform((value) => (value ?? '').trim());
const transactionId = z
  .union([z.number().int().nonnegative(), z.string().trim().min(1).max(100)])
  .transform(String);

/**
 * SePay writes amounts as decimal strings ('18067000.00'). VND has no fractions: a whole number of đồng
 * (any number of zero decimals) is read exactly, anything else is refused rather than rounded.
 */
const sepayAmount = z
  .union([z.string().trim().regex(/^\d{1,15}(?:\.0*)?$/, 'not a whole number of đồng'), z.number().int().nonnegative()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? 0 : Number(String(value).split('.')[0])));

/** One row of SePay's transaction list. */
export const sepayRow = z.object({
  id: transactionId,
  bank_brand_name: text,
  account_number: text,
  /** '2023-05-05 19:59:48', Vietnam time. */
  transaction_date: z.string().max(40),
  amount_out: sepayAmount,
  amount_in: sepayAmount,
  transaction_content: text,
  reference_number: text,
  /** SePay's own reading of a payment code in the memo; null when it found none. */
  code: text,
  sub_account: text,
});
export type SepayRow = z.output<typeof sepayRow>;

/** SePay's answer to a list request. */
export const sepayListAnswer = z.object({
  status: z.number().optional(),
  error: z.unknown().optional(),
  messages: z.object({ success: z.boolean() }).partial().nullish(),
  /** Each row is read on its own (sepayRow), so one unreadable row is named rather than failing the page. */
  transactions: z.array(z.record(z.string(), z.unknown())),
});

const cassoAmount = z.union([z.number().int(), z.string().trim().regex(/^-?\d{1,15}$/).transform(Number)]);

/** One record of Casso's transaction list (v2); a negative amount is money going out. */
export const cassoRow = z.object({
  id: transactionId,
  /** The bank's reference of the transaction. */
  tid: text,
  description: text,
  amount: cassoAmount,
  /** '2024-10-03 15:06:37', Vietnam time; older accounts give the day alone. */
  when: z.string().max(40),
  /** The account the transaction is on; Casso has written it both ways. */
  bank_sub_acc_id: text,
  bankSubAccId: text,
  virtualAccount: text,
});
export type CassoRow = z.output<typeof cassoRow>;

/** Casso's answer to a list request: one page of records. */
export const cassoListAnswer = z.object({
  error: z.number(),
  message: z.string().nullish(),
  data: z
    .object({
      page: z.coerce.number().int().optional(),
      pageSize: z.coerce.number().int().optional(),
      nextPage: z.coerce.number().int().nullish(),
      totalPages: z.coerce.number().int().nullish(),
      totalRecords: z.coerce.number().int().nullish(),
      records: z.array(z.record(z.string(), z.unknown())),
    })
    .nullish(),
});

/** A bank's time; a bare day (some Casso accounts) is read as that day's start, so it stays on its day. */
function bankTime(value: string, now: Date): Date {
  const trimmed = value.trim();
  return parseBankTime(trimmed) ?? (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? parseBankTime(`${trimmed} 00:00:00`) : null) ?? now;
}

export function fromSepayRow(row: SepayRow, shopAccount: string, now: Date): BankNotification {
  const out = row.amount_out > 0;
  return {
    provider: 'sepay',
    providerTxId: row.id,
    direction: out ? 'out' : 'in',
    accountNumber: pickAccount([row.account_number, row.sub_account], shopAccount),
    amountVnd: out ? row.amount_out : row.amount_in,
    content: row.transaction_content,
    providerCode: row.code,
    reference: row.reference_number,
    transactionAt: bankTime(row.transaction_date, now),
  };
}

export function fromCassoRow(row: CassoRow, shopAccount: string, now: Date): BankNotification {
  return {
    provider: 'casso',
    providerTxId: row.id,
    direction: row.amount < 0 ? 'out' : 'in',
    accountNumber: pickAccount([row.bank_sub_acc_id || row.bankSubAccId, row.virtualAccount], shopAccount),
    amountVnd: Math.abs(row.amount),
    content: row.description,
    providerCode: '',
    reference: row.tid,
    transactionAt: bankTime(row.when, now),
  };
}
