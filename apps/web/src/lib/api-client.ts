/**
 * The one way the web app talks to the API (docs/product.md §7, §8).
 * - JSON in and out, the static `x-api-key`, the stored access token raw in `authorization`.
 * - A success is unwrapped to its body, parsed with the shared schema when one is given (or a promise of
 *   one: it loads while the call is under way).
 * - A failure throws `ApiError { status, code, message }` from the API's `{ message, code }` body.
 * - An expired access token (401 TOKEN_EXPIRED) is renewed once with the refresh token — one refresh
 *   for all calls that fail together, and across tabs — and the call is retried once. Event streams
 *   share this through `authorizedFetch`.
 */
import { ERROR_CODES } from '@lucky/shared/error-codes';
import { tokenPair } from '@lucky/shared/guards';
import { TEXTS } from '@lucky/shared/texts';
import { config } from './config';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './session';

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const BAD_RESPONSE = 'BAD_RESPONSE';
const NETWORK_MESSAGE = 'Không kết nối được máy chủ, vui lòng kiểm tra mạng và thử lại';
const REFRESH_PATH = '/auth/api/v1/auth/refresh-token';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a validation failure. */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

/** Any schema with zod's safeParse (the shared schemas), without tying this file to zod's types. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** A schema, or a schema still loading (a dynamic import of it). */
export type SchemaArg<T> = Schema<T> | Promise<Schema<T>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart. */
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** The browser's fetch priority: 'low' for a long-lived background connection (event streams). */
  priority?: RequestPriority;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...options.headers,
    'x-api-key': config.api_key,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.authorization = accessToken;
  try {
    return await fetch(`${config.apiBase}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
      ...(options.priority ? { priority: options.priority } : {}),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR, NETWORK_MESSAGE);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await readJson(response);
  } catch {
    body = undefined;
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : TEXTS.unexpectedError;
  const code = typeof record.code === 'string' && record.code ? record.code : `HTTP_${response.status}`;
  const fields =
    typeof record.fields === 'object' && record.fields !== null ? (record.fields as Record<string, string>) : undefined;
  return new ApiError(response.status, code, message, fields);
}

async function unwrap<T>(response: Response, schemaArg?: SchemaArg<T>): Promise<T> {
  let data: unknown;
  try {
    data = await readJson(response);
  } catch {
    throw new ApiError(response.status, BAD_RESPONSE, TEXTS.unexpectedError);
  }
  if (!schemaArg) return data as T;
  const schema = await schemaArg;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, BAD_RESPONSE, TEXTS.unexpectedError);
  return parsed.data;
}

// ---------- token refresh ----------

let renewing: Promise<boolean> | null = null;

/** Runs the refresh under a cross-tab lock where the browser has one (a refresh token works once). */
function exclusive(task: () => Promise<boolean>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request('lucky-shop-token-refresh', task);
  }
  return task();
}

/**
 * True when a fresh access token is stored, false when the session is over (tokens cleared).
 * Throws the ApiError when the refresh could not be tried (offline, outage, rate limit): the
 * refresh token may still be good, so the session is kept for a later call.
 */
async function refreshTokens(expiredToken: string): Promise<boolean> {
  const current = getAccessToken();
  // Another call or tab renewed (or ended) the session while this one waited.
  if (current !== expiredToken) return current !== null;
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    clearTokens();
    return false;
  }
  const response = await send(REFRESH_PATH, { method: 'POST', body: { refresh_token: refreshToken } }, null);
  if (!response.ok) {
    const error = await errorFrom(response);
    if (response.status >= 500 || response.status === 429) throw error;
    clearTokens();
    return false;
  }
  storeTokens(await unwrap(response, tokenPair));
  return true;
}

/** Renews the session after `expiredToken` was refused; one refresh serves every call waiting on it. */
function renewSession(expiredToken: string): Promise<boolean> {
  renewing ??= exclusive(() => refreshTokens(expiredToken)).finally(() => {
    renewing = null;
  });
  return renewing;
}

/** A 401 for a token we sent means the server no longer accepts that sign-in. */
function forgetRejectedToken(error: ApiError, sentToken: string | null): void {
  if (
    sentToken &&
    error.status === 401 &&
    error.code === ERROR_CODES.UNAUTHENTICATED &&
    getAccessToken() === sentToken
  ) {
    clearTokens();
  }
}

// ---------- public API ----------

/**
 * Sends a call with the stored access token and resolves with the successful Response, unread (a JSON
 * body, or an event stream: lib/event-stream.ts). An expired token is renewed once, shared with every
 * call, and the call sent again; a refusal throws its ApiError.
 */
export async function authorizedFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = getAccessToken();
  const response = await send(path, options, token);
  if (response.ok) return response;

  const error = await errorFrom(response);
  if (!(token && error.status === 401 && error.code === ERROR_CODES.TOKEN_EXPIRED)) {
    forgetRejectedToken(error, token);
    throw error;
  }
  if (!(await renewSession(token))) throw error;

  const retryToken = getAccessToken();
  const retry = await send(path, options, retryToken);
  if (retry.ok) return retry;
  const retryError = await errorFrom(retry);
  forgetRejectedToken(retryError, retryToken);
  throw retryError;
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions = {},
  schema?: SchemaArg<T>,
): Promise<T> {
  return unwrap(await authorizedFetch(path, options), schema);
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, schema?: SchemaArg<T>, options?: Options) =>
    apiRequest(path, { ...options, method: 'GET' }, schema),
  post: <T = unknown>(path: string, body: unknown, schema?: SchemaArg<T>, options?: Options) =>
    apiRequest(path, { ...options, method: 'POST', body }, schema),
  put: <T = unknown>(path: string, body: unknown, schema?: SchemaArg<T>, options?: Options) =>
    apiRequest(path, { ...options, method: 'PUT', body }, schema),
  patch: <T = unknown>(path: string, body: unknown, schema?: SchemaArg<T>, options?: Options) =>
    apiRequest(path, { ...options, method: 'PATCH', body }, schema),
  delete: <T = unknown>(path: string, schema?: SchemaArg<T>, options?: Options) =>
    apiRequest(path, { ...options, method: 'DELETE' }, schema),
};
