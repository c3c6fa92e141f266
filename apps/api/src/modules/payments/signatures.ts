/**
 * Who may call the bank-feed webhooks (docs/architecture.md "Money paths"). Pure functions of the headers, the raw
 * body and the clock, so tests verify the providers' published examples at their own time.
 * - SePay, either method that is configured: HMAC-SHA256 (`X-SePay-Timestamp: <unix s>`,
 *   `X-SePay-Signature: sha256=<hex of HMAC(secret, timestamp + "." + raw body)>`) or its API key
 *   (`Authorization: Apikey <key>`).
 * - Casso (webhook v2): `X-Casso-Signature: t=<unix ms>,v1=<hex>`, v1 = HMAC-SHA512(secret, t + "." +
 *   JSON of the whole body with the keys of every object sorted).
 * A signed timestamp more than WEBHOOK_MAX_SKEW_MS from our clock is refused, so a captured request
 * cannot be replayed later (a replay inside the window changes nothing: the transaction id is unique).
 */
import crypto from 'node:crypto';

export const WEBHOOK_MAX_SKEW_MS = 5 * 60 * 1000;

/** 'stale': the signature is right but its timestamp is too far from now. */
export type Verdict = 'ok' | 'unauthorized' | 'stale';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Header names arrive lower-cased (Node); a repeated header is refused rather than guessed at. */
function header(headers: RequestHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : undefined;
}

/** Constant time whatever the given text: both sides are hashed to equal-length digests first. */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

const hmacHex = (algorithm: 'sha256' | 'sha512', key: string, text: string) =>
  crypto.createHmac(algorithm, key).update(text).digest('hex');

const fresh = (timestampMs: number, now: Date) => Math.abs(now.getTime() - timestampMs) <= WEBHOOK_MAX_SKEW_MS;

export interface SepaySettings {
  webhookSecret: string | null;
  apiKey: string | null;
}

function verifySepayHmac(secret: string, headers: RequestHeaders, rawBody: string, now: Date): Verdict {
  const signature = header(headers, 'x-sepay-signature');
  const timestamp = header(headers, 'x-sepay-timestamp');
  if (!signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return 'unauthorized';
  const expected = `sha256=${hmacHex('sha256', secret, `${timestamp}.${rawBody}`)}`;
  if (!sameSecret(signature.toLowerCase(), expected)) return 'unauthorized';
  return fresh(Number(timestamp) * 1000, now) ? 'ok' : 'stale';
}

function verifySepayApiKey(apiKey: string, headers: RequestHeaders): Verdict {
  const match = /^apikey\s+(\S+)$/i.exec(header(headers, 'authorization') ?? '');
  return match && sameSecret(match[1]!, apiKey) ? 'ok' : 'unauthorized';
}

/** Accepted when any configured method verifies; 'stale' when only a correctly signed but old request was sent. */
export function verifySepay(settings: SepaySettings, headers: RequestHeaders, rawBody: string, now: Date): Verdict {
  const verdicts: Verdict[] = [];
  if (settings.webhookSecret && header(headers, 'x-sepay-signature') !== undefined) {
    verdicts.push(verifySepayHmac(settings.webhookSecret, headers, rawBody, now));
  }
  if (settings.apiKey && header(headers, 'authorization') !== undefined)
    verdicts.push(verifySepayApiKey(settings.apiKey, headers));
  if (verdicts.includes('ok')) return 'ok';
  return verdicts.includes('stale') ? 'stale' : 'unauthorized';
}

/** Every object's keys sorted, at every level; arrays keep their order. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const source = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(source)
        .sort()
        .map((key) => [key, sortKeysDeep(source[key])]),
    );
  }
  return value;
}

/**
 * Whether JSON text nests arrays and objects no deeper than `max`: a scan of the characters, outside strings, so
 * a body built to exhaust the parser or the signature's key sort is refused before either runs.
 */
export function jsonDepthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > max) return false;
    } else if (c === 125 || c === 93 /* } ] */) depth--;
  }
  return true;
}

export function verifyCasso(secret: string, headers: RequestHeaders, rawBody: string, now: Date): Verdict {
  const parts = new Map(
    (header(headers, 'x-casso-signature') ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = parts.get('t');
  const signature = parts.get('v1');
  if (!timestamp || !signature || !/^\d{1,15}$/.test(timestamp) || !/^[0-9a-fA-F]{128}$/.test(signature)) return 'unauthorized';
  // The header's shape and time first: parsing and sorting the body costs far more than either.
  if (!fresh(Number(timestamp), now)) return 'stale';
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    // Nothing that does not parse can carry a valid signature.
    return 'unauthorized';
  }
  const expected = hmacHex('sha512', secret, `${timestamp}.${JSON.stringify(sortKeysDeep(body))}`);
  return sameSecret(signature.toLowerCase(), expected) ? 'ok' : 'unauthorized';
}
