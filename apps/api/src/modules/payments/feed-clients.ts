/**
 * Clients of the providers' transaction lists, which the shop pulls to fill in what their webhooks missed
 * (README "Taking payments by bank feed"):
 * - SePay: `GET {SEPAY_API_URL}/userapi/transactions/list`, `Authorization: Bearer {SEPAY_API_TOKEN}`, query
 *   account_number, transaction_date_min ('YYYY-MM-DD HH:mm:ss', shop time), since_id (inclusive), limit;
 * - Casso: `GET {CASSO_API_URL}/v2/transactions?fromDate&toDate&page&pageSize=100&sort=ASC`,
 *   `Authorization: Apikey {CASSO_API_KEY}`, page after page until its nextPage / totalPages say it is done.
 * Each yields the raw rows page by page (each row is read by pulled-rows.ts). A request that fails — no
 * answer within the timeout, a network error, a 5xx, an answer that is not the provider's — throws a
 * FeedError whose message staff can read; the round is then retried at the next one. On 429 the client
 * waits as the provider's retry-after header says, within a bound, else gives the round up.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { z } from 'zod';
import { formatBankTime } from '@lucky/shared';
import { cassoListAnswer, sepayListAnswer } from './pulled-rows.js';

/** A pull that failed, in words staff read (the console, the Telegram alert); never a credential. */
export class FeedError extends Error {
  override name = 'FeedError';
}

export interface FeedRequestOptions {
  /** Cuts a request or a wait short (the server shutting down). */
  signal?: AbortSignal;
  /** How long one request may take. */
  timeoutMs?: number;
  /** The longest retry-after the client waits for; a longer one gives the round up. */
  maxRetryAfterMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;
/** 429s in a row on one request before the round is given up. */
const MAX_RATE_LIMITED = 5;
/** When a 429 names no wait: SePay's documented one second. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/**
 * How long a 429 asks to wait: `Retry-After` (seconds or an HTTP date) or SePay's own
 * `x-sepay-userapi-retry-after` (seconds).
 */
export function retryAfterMs(headers: Headers, now: Date = new Date()): number {
  const value = headers.get('retry-after') ?? headers.get('x-sepay-userapi-retry-after');
  if (value === null || value.trim() === '') return DEFAULT_RETRY_AFTER_MS;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now.getTime());
}

/** One GET, answered as JSON; 429s waited out as the provider asks. */
async function getJson(name: string, url: URL, authorization: string, options: FeedRequestOptions): Promise<unknown> {
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  for (let limited = 0; ; limited += 1) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization, accept: 'application/json' },
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = timeout.aborted ? `${name} không trả lời kịp` : `Không kết nối được ${name}`;
      throw new FeedError(`${message} (${url.host})`, { cause: error });
    }
    if (response.status === 429) {
      await response.body?.cancel();
      const waitMs = retryAfterMs(response.headers);
      if (limited + 1 >= MAX_RATE_LIMITED || waitMs > maxRetryAfterMs) {
        throw new FeedError(`${name} đang giới hạn số lần gọi (HTTP 429), sẽ thử lại ở lần đối soát sau`);
      }
      await wait(waitMs, undefined, { signal: options.signal });
      continue;
    }
    if (!response.ok) {
      // The body may echo the request; it is not kept.
      await response.body?.cancel();
      if (response.status === 401 || response.status === 403) {
        throw new FeedError(`${name} từ chối thông tin xác thực (HTTP ${response.status}): kiểm tra khóa API đã cấu hình`);
      }
      throw new FeedError(`${name} trả lỗi HTTP ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new FeedError(`${name} trả về nội dung không đọc được`, { cause: error });
    }
  }
}

function readAnswer<T extends z.ZodType>(name: string, schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new FeedError(`${name} trả về nội dung không đúng định dạng`);
  return parsed.data;
}

export type RawRow = Record<string, unknown>;

export interface SepayListRequest {
  apiUrl: string;
  token: string;
  accountNumber: string;
  /** The lowest transaction id wanted (SePay's since_id is inclusive); null on the first pull. */
  sinceId: bigint | null;
  /** Transactions at or after this time; null when the id says where to start. */
  dateMin: Date | null;
  /** Rows per request: SePay's maximum, 5000, unless a test asks for fewer. */
  limit?: number;
}

export const SEPAY_MAX_LIMIT = 5000;
/** Requests per pull at most: a runaway answer never loops for ever. */
const MAX_PAGES = 200;

const numericId = (row: RawRow): bigint | null => {
  const id = typeof row.id === 'number' || typeof row.id === 'string' ? String(row.id).trim() : '';
  return /^\d{1,30}$/.test(id) ? BigInt(id) : null;
};

/**
 * SePay's list, oldest id first. A full page means more may follow: the next request starts after the
 * highest id seen.
 */
export async function* sepayPages(request: SepayListRequest, options: FeedRequestOptions = {}): AsyncGenerator<RawRow[]> {
  const name = 'SePay';
  const limit = Math.min(request.limit ?? SEPAY_MAX_LIMIT, SEPAY_MAX_LIMIT);
  let sinceId = request.sinceId;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${request.apiUrl}/userapi/transactions/list`);
    url.searchParams.set('account_number', request.accountNumber);
    if (request.dateMin) url.searchParams.set('transaction_date_min', formatBankTime(request.dateMin));
    if (sinceId !== null) url.searchParams.set('since_id', String(sinceId));
    url.searchParams.set('limit', String(limit));
    const answer = readAnswer(name, sepayListAnswer, await getJson(name, url, `Bearer ${request.token}`, options));
    if (answer.messages?.success === false || (answer.status !== undefined && answer.status !== 200)) {
      throw new FeedError(`${name} báo lỗi: ${typeof answer.error === 'string' ? answer.error.slice(0, 200) : 'không rõ'}`);
    }
    const rows = [...answer.transactions].sort((a, b) => {
      const [x, y] = [numericId(a) ?? 0n, numericId(b) ?? 0n];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    yield rows;
    if (rows.length < limit) return;
    const highest = rows.reduce<bigint | null>((max, row) => {
      const id = numericId(row);
      return id !== null && (max === null || id > max) ? id : max;
    }, null);
    if (highest === null || (sinceId !== null && highest < sinceId)) return;
    sinceId = highest + 1n;
  }
}

export interface CassoListRequest {
  apiUrl: string;
  apiKey: string;
  /** Shop days, 'YYYY-MM-DD', both included. */
  fromDate: string;
  toDate: string;
}

export const CASSO_PAGE_SIZE = 100;

/** Casso's list, oldest first (sort=ASC, so transactions arriving meanwhile land on later pages). */
export async function* cassoPages(request: CassoListRequest, options: FeedRequestOptions = {}): AsyncGenerator<RawRow[]> {
  const name = 'Casso';
  let page = 1;
  for (let requests = 0; requests < MAX_PAGES; requests += 1) {
    const url = new URL(`${request.apiUrl}/v2/transactions`);
    url.searchParams.set('fromDate', request.fromDate);
    url.searchParams.set('toDate', request.toDate);
    url.searchParams.set('page', String(page));
    url.searchParams.set('pageSize', String(CASSO_PAGE_SIZE));
    url.searchParams.set('sort', 'ASC');
    const answer = readAnswer(name, cassoListAnswer, await getJson(name, url, `Apikey ${request.apiKey}`, options));
    if (answer.error !== 0) {
      throw new FeedError(`${name} báo lỗi ${answer.error}: ${(answer.message ?? 'không rõ').slice(0, 200)}`);
    }
    const records = answer.data?.records ?? [];
    yield records;
    const next = answer.data?.nextPage ?? null;
    const last = answer.data?.totalPages ?? null;
    const hasNext = last !== null ? page < last : next !== null && next > page;
    if (records.length === 0 || !hasNext) return;
    page = next !== null && next > page ? next : page + 1;
  }
}
