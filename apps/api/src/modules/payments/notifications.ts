/**
 * The providers' notification bodies (their contracts, not ours: they live here rather than in
 * packages/shared, which holds what our own clients send and read) and their reading into one shape.
 * Lenient where the providers are loose (null for empty text, a number or a string as id); strict only
 * about what a transfer cannot be stored without: an id, a direction, an amount and a time.
 */
import { z } from 'zod';
import { API_MESSAGES, parseBankTime, type BankProvider } from '@lucky/shared';

const message = { error: API_MESSAGES.badRequest };
const text = z
  .string(message)
  .max(2000, message)
  .nullish()
  .transform((value) => (value ?? '').trim());
const transactionId = z
  .union(
    [z.number(message).int(message).nonnegative(message), z.string(message).trim().min(1, message).max(100, message)],
    message,
  )
  .transform(String);
const bankTime = z.string(message).max(40, message);

/** SePay's webhook body (docs.sepay.vn, "Tích hợp WebHooks"). */
export const sepayNotification = z.object({
  id: transactionId,
  gateway: text,
  /** '2023-03-25 14:02:37', Vietnam time. */
  transactionDate: bankTime,
  accountNumber: text,
  /** SePay's own reading of a payment code in the memo; null when it found none. */
  code: text,
  content: text,
  transferType: z.enum(['in', 'out'], message),
  transferAmount: z.number(message).int(message).nonnegative(message),
  accumulated: z.number(message).nullish(),
  subAccount: text,
  referenceCode: text,
  description: text,
});
export type SepayNotification = z.output<typeof sepayNotification>;

/** Casso's webhook v2 body; a negative amount is money going out. */
export const cassoNotification = z.object({
  error: z.number(message).optional(),
  data: z.object(
    {
      id: transactionId,
      reference: text,
      description: text,
      amount: z.number(message).int(message),
      runningBalance: z.number(message).nullish(),
      /** '2024-10-03 15:06:37', Vietnam time. */
      transactionDateTime: bankTime,
      accountNumber: text,
      bankName: text,
      bankAbbreviation: text,
      virtualAccountNumber: text,
      virtualAccountName: text,
      counterAccountName: text,
      counterAccountNumber: text,
      counterAccountBankId: text,
      counterAccountBankName: text,
    },
    message,
  ),
});
export type CassoNotification = z.output<typeof cassoNotification>;

/** A notification as we store it, whichever provider sent it. */
export interface BankNotification {
  provider: BankProvider;
  providerTxId: string;
  direction: 'in' | 'out';
  /** The shop's account when the notification names it (main or virtual), else the main account. */
  accountNumber: string;
  /** Always positive; `direction` says which way. */
  amountVnd: number;
  content: string;
  providerCode: string;
  reference: string;
  /** The bank's time; when it cannot be read, the time we received it. */
  transactionAt: Date;
}

/** The banks' local time as an instant: the shop clock reads it (packages/shared/src/shop-clock.ts). */
export { parseBankTime };

const compactAccount = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/** Whether the account is the shop's (spaces and letter case aside). */
export function isShopAccount(account: string, shopAccount: string): boolean {
  return account !== '' && compactAccount(account) === compactAccount(shopAccount);
}

/** The shop's account among those a report names (main or virtual), else the first one named. */
export function pickAccount(accounts: string[], shopAccount: string): string {
  return (
    accounts.find((account) => isShopAccount(account, shopAccount)) ?? accounts.find((account) => account !== '') ?? ''
  );
}

export function fromSepay(body: SepayNotification, shopAccount: string, now: Date): BankNotification {
  return {
    provider: 'sepay',
    providerTxId: body.id,
    direction: body.transferType,
    accountNumber: pickAccount([body.accountNumber, body.subAccount], shopAccount),
    amountVnd: body.transferAmount,
    // `content` is the memo; some banks leave it empty and put it only in the full description.
    content: body.content || body.description,
    providerCode: body.code,
    reference: body.referenceCode,
    transactionAt: parseBankTime(body.transactionDate) ?? now,
  };
}

export function fromCasso(body: CassoNotification, shopAccount: string, now: Date): BankNotification {
  const { data } = body;
  return {
    provider: 'casso',
    providerTxId: data.id,
    direction: data.amount < 0 ? 'out' : 'in',
    accountNumber: pickAccount([data.accountNumber, data.virtualAccountNumber], shopAccount),
    amountVnd: Math.abs(data.amount),
    content: data.description,
    providerCode: '',
    reference: data.reference,
    transactionAt: parseBankTime(data.transactionDateTime) ?? now,
  };
}
