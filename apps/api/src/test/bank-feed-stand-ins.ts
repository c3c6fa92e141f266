/**
 * Local stand-ins for the bank feeds' transaction lists, on 127.0.0.1 with a free port, speaking the
 * providers' APIs as the README's "Taking payments by bank feed" describes them:
 * - SePay: GET /userapi/transactions/list, `Authorization: Bearer <token>`, query account_number,
 *   transaction_date_min, since_id (inclusive), limit; rows with decimal-string amounts, oldest id first;
 * - Casso: GET /v2/transactions?fromDate&toDate&page&pageSize&sort=ASC, `Authorization: Apikey <key>`;
 *   pages with nextPage / totalPages.
 * A wrong credential gets the provider's 401. Tests post transactions to the "bank" (`add`), make the next
 * answers fail (`failNext`: a 429 with its retry-after header, a 500), hold answers until released, and
 * read back every request the shop made.
 */
import http from 'node:http';
import { formatBankTime } from '@lucky/shared';
import type { Env } from '../config.js';
import { listenLocally } from './local-server.js';

export interface StandInRequest {
  url: URL;
  authorization: string | undefined;
  /** When the request arrived (ms since the epoch). */
  at: number;
}

interface Failure {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface StandIn {
  base: string;
  requests: StandInRequest[];
  /** The next `times` requests are answered with this instead. */
  failNext(failure: Failure, times?: number): void;
  /** Answers wait until `release` is called (requests are still recorded as they arrive). */
  hold(): { release(): void };
  /** Resolves once `count` requests have arrived in all. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

async function serve(check: (request: StandInRequest) => Answer): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  const failures: Failure[] = [];
  let gate: Promise<void> | null = null;
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = http.createServer((req, res) => {
    const request: StandInRequest = {
      url: new URL(req.url ?? '/', 'http://127.0.0.1'),
      authorization: req.headers.authorization,
      at: Date.now(),
    };
    requests.push(request);
    for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
    const failure = failures.shift();
    const answer: Answer = failure
      ? { status: failure.status, headers: failure.headers, body: failure.body ?? { error: `HTTP ${failure.status}` } }
      : check(request);
    void (gate ?? Promise.resolve()).then(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body));
    });
  });
  const local = await listenLocally(server);
  return {
    base: local.base,
    requests,
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return { release };
    },
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: local.close,
  };
}

export interface BankTransaction {
  /** The provider's transaction id (what its webhook's id carries). */
  id: number;
  amountVnd: number;
  memo: string;
  direction?: 'in' | 'out';
  /** The account the transaction is on; the shop's by default. */
  account?: string;
  /** The bank's time; now by default. */
  at?: Date;
  /** The bank's reference. */
  reference?: string;
}

export interface SepayStandIn extends StandIn {
  token: string;
  env: Env;
  /** The bank posts a transaction: it is in the list from now on. Answers the row as the list shows it. */
  add(transaction: BankTransaction): Record<string, unknown>;
}

const money = (vnd: number) => `${vnd}.00`;

export async function startSepayStandIn(shopAccount: string): Promise<SepayStandIn> {
  const token = 'sepay-api-token-STAND-IN-0123456789';
  const rows: Record<string, unknown>[] = [];
  const server = await serve(({ url, authorization }) => {
    if (url.pathname !== '/userapi/transactions/list') return { status: 404, body: { status: 404, error: 'Not found' } };
    if (authorization !== `Bearer ${token}`) {
      // SePay's refusal; it echoes what it was sent, which the shop must not log.
      return { status: 401, body: { status: 401, error: `Unauthorized: ${authorization ?? ''}`, messages: { success: false } } };
    }
    const q = (name: string) => url.searchParams.get(name);
    const sinceId = q('since_id') === null ? null : Number(q('since_id'));
    const dateMin = q('transaction_date_min');
    const limit = Math.min(Number(q('limit') ?? 5000) || 5000, 5000);
    const listed = rows
      .filter((row) => q('account_number') === null || row.account_number === q('account_number'))
      .filter((row) => sinceId === null || Number(row.id) >= sinceId)
      .filter((row) => dateMin === null || String(row.transaction_date) >= dateMin)
      .sort((a, b) => Number(a.id) - Number(b.id))
      .slice(0, limit);
    return { status: 200, body: { status: 200, error: null, messages: { success: true }, transactions: listed } };
  });
  return {
    ...server,
    token,
    env: { SEPAY_API_TOKEN: token, SEPAY_API_URL: server.base },
    add(transaction) {
      const out = transaction.direction === 'out';
      const row = {
        id: String(transaction.id),
        bank_brand_name: 'Vietcombank',
        account_number: transaction.account ?? shopAccount,
        transaction_date: formatBankTime(transaction.at ?? new Date()),
        amount_out: money(out ? transaction.amountVnd : 0),
        amount_in: money(out ? 0 : transaction.amountVnd),
        accumulated: '1200541768.00',
        transaction_content: transaction.memo,
        reference_number: transaction.reference ?? `MBVCB.${transaction.id}`,
        code: null,
        sub_account: null,
        bank_account_id: '19',
      };
      rows.push(row);
      return row;
    },
  };
}

export interface CassoStandIn extends StandIn {
  apiKey: string;
  env: Env;
  add(transaction: BankTransaction): Record<string, unknown>;
}

/** `maxPageSize`: Casso's own cap on pageSize, below the 100 the shop asks for (to page in tests). */
export async function startCassoStandIn(shopAccount: string, options: { maxPageSize?: number } = {}): Promise<CassoStandIn> {
  const apiKey = 'casso-api-key-STAND-IN-0123456789';
  const rows: Record<string, unknown>[] = [];
  const server = await serve(({ url, authorization }) => {
    if (url.pathname !== '/v2/transactions') return { status: 404, body: { error: 404, message: 'Not found', data: null } };
    if (authorization !== `Apikey ${apiKey}`) return { status: 401, body: { error: 401, message: 'Unauthorized', data: null } };
    const q = (name: string) => url.searchParams.get(name) ?? '';
    const day = (row: Record<string, unknown>) => String(row.when).slice(0, 10);
    const pageSize = Math.min(Number(q('pageSize')) || 20, options.maxPageSize ?? 100);
    const page = Math.max(1, Number(q('page')) || 1);
    const matching = rows
      .filter((row) => (q('fromDate') === '' || day(row) >= q('fromDate')) && (q('toDate') === '' || day(row) <= q('toDate')))
      .sort((a, b) => String(a.when).localeCompare(String(b.when)) || Number(a.id) - Number(b.id));
    if (q('sort') === 'DESC') matching.reverse();
    const totalPages = Math.ceil(matching.length / pageSize);
    return {
      status: 200,
      body: {
        error: 0,
        message: 'success',
        data: {
          page,
          pageSize,
          nextPage: page < totalPages ? page + 1 : null,
          prevPage: page > 1 ? page - 1 : null,
          totalPages,
          totalRecords: matching.length,
          records: matching.slice((page - 1) * pageSize, page * pageSize),
        },
      },
    };
  });
  return {
    ...server,
    apiKey,
    env: { CASSO_API_KEY: apiKey, CASSO_API_URL: server.base },
    add(transaction) {
      const row = {
        id: transaction.id,
        tid: transaction.reference ?? `FT${transaction.id}`,
        description: transaction.memo,
        amount: transaction.direction === 'out' ? -transaction.amountVnd : transaction.amountVnd,
        cusum_balance: 25_000_000,
        when: formatBankTime(transaction.at ?? new Date()),
        bank_sub_acc_id: transaction.account ?? shopAccount,
        paymentChannel: '',
        virtualAccount: '',
        virtualAccountName: '',
        corresponsiveName: 'NGUYEN VAN A',
        corresponsiveAccount: '8888888888',
        corresponsiveBankId: '970415',
        corresponsiveBankName: 'VietinBank',
      };
      rows.push(row);
      return row;
    },
  };
}
