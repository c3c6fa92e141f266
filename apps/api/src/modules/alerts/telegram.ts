/**
 * A small Telegram Bot API client for staff alerts: `sendMessage` as plain text (no parse_mode, so
 * customer-entered text cannot break the formatting), retried with backoff on network errors, timeouts,
 * 5xx and 429 (waiting at least the `retry_after` Telegram asks for), never on another 4xx.
 *
 * It never throws: an alert that cannot be sent is logged and dropped, it never fails an order or a
 * webhook. The bot token is part of the request URL, so neither the URL nor a fetch error's request
 * details are ever logged; reasons are built here from status codes and error codes only.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';

export interface TelegramTarget {
  /** Base address of the Bot API, without a trailing slash (tests point it at a local stand-in). */
  apiUrl: string;
  botToken: string;
  chatId: string;
}

/** Waits `ms`; resolves early (without throwing) when `signal` aborts. Injectable so tests do not wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TelegramClientOptions {
  log: FastifyBaseLogger;
  sleep?: Sleep;
  /** Attempts per message, the first included. */
  maxAttempts?: number;
  /** Each attempt's limit, the answer's body included. */
  timeoutMs?: number;
  /** The wait before the second attempt; doubled for each one after, up to MAX_BACKOFF_MS. */
  baseDelayMs?: number;
  /** A 429 asking to wait longer than this is not retried (the alert would be stale by then). */
  maxRetryAfterMs?: number;
  /** Aborted at shutdown: the attempt under way finishes, no further one starts. */
  signal?: AbortSignal;
}

export interface TelegramClient {
  /** true when Telegram accepted the message; false (logged) when it was given up. Never throws. */
  sendMessage(text: string, context?: Record<string, unknown>): Promise<boolean>;
}

export const TELEGRAM_DEFAULTS = {
  maxAttempts: 5,
  timeoutMs: 10_000,
  baseDelayMs: 1_000,
  maxRetryAfterMs: 60_000,
} as const;
const MAX_BACKOFF_MS = 30_000;
/** Telegram refuses texts longer than 4096 characters. */
export const TELEGRAM_TEXT_LIMIT = 4096;

const defaultSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

type Outcome = { ok: true } | { ok: false; retry: boolean; reason: string; retryAfterMs?: number };

interface BotAnswer {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown };
}

/** The answer's JSON, null when it is not JSON; a timeout while reading throws (and is retried). */
async function readAnswer(response: Response): Promise<BotAnswer | null> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as BotAnswer) : null;
  } catch {
    return null;
  }
}

/** Why a fetch failed, from its name and the error code of its cause: never its message (it may hold the URL). */
function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return code ? `network error (${code})` : 'network error';
}

export function createTelegramClient(target: TelegramTarget, options: TelegramClientOptions): TelegramClient {
  const maxAttempts = Math.max(1, options.maxAttempts ?? TELEGRAM_DEFAULTS.maxAttempts);
  const timeoutMs = options.timeoutMs ?? TELEGRAM_DEFAULTS.timeoutMs;
  const baseDelayMs = options.baseDelayMs ?? TELEGRAM_DEFAULTS.baseDelayMs;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? TELEGRAM_DEFAULTS.maxRetryAfterMs;
  const sleep = options.sleep ?? defaultSleep;
  const { log, signal } = options;
  const url = `${target.apiUrl}/bot${target.botToken}/sendMessage`;
  // Belt and braces: whatever Telegram's description says, the token never reaches a log line.
  const scrub = (text: string) => (target.botToken ? text.replaceAll(target.botToken, '[hidden]') : text);

  async function attempt(text: string): Promise<Outcome> {
    let response: Response;
    let answer: BotAnswer | null;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: target.chatId, text, disable_web_page_preview: true }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      answer = await readAnswer(response);
    } catch (error) {
      return { ok: false, retry: true, reason: networkReason(error) };
    }
    if (response.status === 200 && answer?.ok === true) return { ok: true };
    const description = typeof answer?.description === 'string' ? `: ${scrub(answer.description).slice(0, 200)}` : '';
    const reason = `HTTP ${response.status}${description}`;
    if (response.status === 429) {
      const retryAfter = answer?.parameters?.retry_after;
      const retryAfterMs = typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter * 1000 : undefined;
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) return { ok: false, retry: false, reason };
      return { ok: false, retry: true, reason, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    }
    return { ok: false, retry: response.status >= 500, reason };
  }

  return {
    async sendMessage(text, context = {}) {
      const body = text.length > TELEGRAM_TEXT_LIMIT ? `${text.slice(0, TELEGRAM_TEXT_LIMIT - 1)}…` : text;
      for (let attempts = 1; ; attempts += 1) {
        const outcome = await attempt(body);
        if (outcome.ok) return true;
        const last = !outcome.retry || attempts >= maxAttempts || signal?.aborted;
        if (last) {
          const reason = signal?.aborted && outcome.retry ? `${outcome.reason}; shutting down` : outcome.reason;
          log.error({ ...context, reason, attempts }, 'telegram alert not sent');
          return false;
        }
        const backoffMs = Math.min(baseDelayMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
        const waitMs = Math.max(backoffMs, outcome.retryAfterMs ?? 0);
        log.warn({ ...context, reason: outcome.reason, attempts, retryInMs: waitMs }, 'telegram alert failed, retrying');
        await sleep(waitMs, signal);
        if (signal?.aborted) {
          log.error({ ...context, reason: `${outcome.reason}; shutting down`, attempts }, 'telegram alert not sent');
          return false;
        }
      }
    },
  };
}
