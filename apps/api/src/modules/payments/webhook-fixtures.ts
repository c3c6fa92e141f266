/**
 * Test deliveries from the bank feeds: the bodies SePay and Casso send for one transfer, signed the way
 * each provider signs them. Used by the payments tests only.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { formatBankTime, type BankProvider } from '@lucky/shared';
import { sortKeysDeep } from './signatures.js';

export const SEPAY_SECRET = 'sepay-webhook-secret-0123456789';
export const SEPAY_API_KEY = 'sepay-api-key-0123456789abcdef';
export const CASSO_SECRET = 'casso-secret-0123456789abcdef';
export const SHOP_ACCOUNT = '0071000123456';

/** Env for a test app with both providers (and both SePay methods) configured. */
export const BANK_FEED_ENV = {
  // A bank feed's secrets belong to a public shop: tried here on one machine beside the local defaults.
  ALLOW_LOCAL_DEFAULTS: 'true' as const,
  SEPAY_WEBHOOK_SECRET: SEPAY_SECRET,
  SEPAY_API_KEY,
  CASSO_SECRET,
  BANK_ACCOUNT_NUMBER: SHOP_ACCOUNT,
};

export interface TransferSpec {
  /** The provider's transaction id. */
  txId: number;
  amountVnd: number;
  memo: string;
  direction?: 'in' | 'out';
  /** The main account the bank reports; the shop's by default. */
  account?: string;
  /** SePay's subAccount / Casso's virtualAccountNumber. */
  virtualAccount?: string | null;
  /** SePay's own reading of the code. */
  code?: string | null;
  /** The bank's time; now by default. */
  at?: Date;
}

let nextTxId = 900_000 + Math.floor(Math.random() * 1_000_000);
/** A transaction id no other delivery in the process uses. */
export const newTxId = () => nextTxId++;

/** The banks' local time, as both providers write it: '2024-10-03 15:06:37' (the shop clock's bank format). */
export const vietnamTime = (at: Date) => formatBankTime(at);

export function sepayBody(spec: TransferSpec) {
  return {
    id: spec.txId,
    gateway: 'Vietcombank',
    transactionDate: vietnamTime(spec.at ?? new Date()),
    accountNumber: spec.account ?? SHOP_ACCOUNT,
    code: spec.code ?? null,
    content: spec.memo,
    transferType: spec.direction ?? 'in',
    transferAmount: spec.amountVnd,
    accumulated: 19_077_000,
    subAccount: spec.virtualAccount ?? null,
    referenceCode: `MBVCB.${spec.txId}`,
    description: `BankAPINotify ${spec.memo}`,
  };
}

export function cassoBody(spec: TransferSpec) {
  return {
    error: 0,
    data: {
      id: spec.txId,
      reference: `FT${spec.txId}`,
      description: spec.memo,
      amount: spec.direction === 'out' ? -spec.amountVnd : spec.amountVnd,
      runningBalance: 25_000_000,
      transactionDateTime: vietnamTime(spec.at ?? new Date()),
      accountNumber: spec.account ?? SHOP_ACCOUNT,
      bankName: 'VPBank',
      bankAbbreviation: 'VPB',
      virtualAccountNumber: spec.virtualAccount ?? '',
      virtualAccountName: '',
      counterAccountName: 'NGUYEN VAN A',
      counterAccountNumber: '8888888888',
      counterAccountBankId: '970415',
      counterAccountBankName: 'VietinBank',
    },
  };
}

export function sepaySignature(raw: string, options: { secret?: string; at?: Date } = {}) {
  const timestamp = String(Math.floor((options.at ?? new Date()).getTime() / 1000));
  const hex = crypto
    .createHmac('sha256', options.secret ?? SEPAY_SECRET)
    .update(`${timestamp}.${raw}`)
    .digest('hex');
  return { 'x-sepay-timestamp': timestamp, 'x-sepay-signature': `sha256=${hex}` };
}

export function cassoSignature(body: unknown, options: { secret?: string; at?: Date } = {}) {
  const t = String((options.at ?? new Date()).getTime());
  const hex = crypto
    .createHmac('sha512', options.secret ?? CASSO_SECRET)
    .update(`${t}.${JSON.stringify(sortKeysDeep(body))}`)
    .digest('hex');
  return { 'x-casso-signature': `t=${t},v1=${hex}` };
}

export const webhookUrl = (provider: BankProvider) => `/payment/api/v1/webhook/${provider}`;

/** The provider's body for a transfer, and its raw text as sent. */
export function notificationOf(provider: BankProvider, spec: TransferSpec): { body: unknown; raw: string } {
  const body = provider === 'sepay' ? sepayBody(spec) : cassoBody(spec);
  return { body, raw: JSON.stringify(body) };
}

/** The provider's credentials for a body: its signature made with `secret` (the configured one by default) at `at`. */
export function signatureOf(
  provider: BankProvider,
  notification: { body: unknown; raw: string },
  options: { secret?: string; at?: Date } = {},
) {
  return provider === 'sepay' ? sepaySignature(notification.raw, options) : cassoSignature(notification.body, options);
}

/** POSTs a raw notification as the provider does: JSON, no x-api-key. */
export function post(
  app: FastifyInstance,
  provider: BankProvider,
  raw: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: webhookUrl(provider),
    headers: { 'content-type': 'application/json', ...headers },
    payload: raw,
  });
}

/** Delivers a transfer as the provider does, correctly signed. */
export function deliver(
  app: FastifyInstance,
  provider: BankProvider,
  spec: TransferSpec,
): Promise<LightMyRequestResponse> {
  const notification = notificationOf(provider, spec);
  return post(app, provider, notification.raw, signatureOf(provider, notification));
}
