/**
 * API responses a page has before its first render (docs/decisions/0015), so it renders its content at
 * once instead of an outline that the content then pushes aside:
 * - the catalogue, which the API's web plugin puts into index.html as
 *   `<script id="initial-data" type="application/json">`, keyed by the call's path;
 * - the signed-in customer's own data: on the order pages, put into index.html by the API too when the
 *   request carries the page session's cookie (lib/page-session.ts); else main.tsx asks for it together
 *   with the page's code (prefetchInitialData).
 * Each is handed out once, checked with the call's own schema (a mismatch means asking the API as
 * usual), and only to the first query: later reads go to the API.
 */
import { SIGNED_IN_HINT } from '@lucky/shared/constants';
import { api, type Schema } from './api-client';

const BLOCK_ID = 'initial-data';

let responses: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (responses) return responses;
  responses = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(BLOCK_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) responses = new Map(Object.entries(parsed));
    } catch {
      console.warn(`${BLOCK_ID} is not valid JSON; asking the API instead`);
    }
  }
  return responses;
}

/** The response to `GET path` that came with the page, once; undefined when there is none (or it does not match). */
export function takeInitialData<T>(path: string, schema: Schema<T>): T | undefined {
  const all = read();
  if (!all.has(path)) return undefined;
  const value = all.get(path);
  all.delete(path);
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Whether the server rendered the page for a browser holding a session (SIGNED_IN_HINT's entry): the render
 * that hydrates the page shows what the server showed. Read as often as asked, never handed out.
 */
export function renderedSignedIn(): boolean {
  return read().get(SIGNED_IN_HINT.dataKey) === true;
}

/** Whether the page came with a response to `GET path` not yet handed out (the server's render had it too). */
export function hasInitialData(path: string): boolean {
  return read().has(path);
}

/**
 * Asks the API for `GET path` now and keeps the answer for the first query that wants it. Never fails:
 * a failed call is left to the page's own query, which asks again and shows the error as usual.
 */
export async function prefetchInitialData<T>(path: string, schema: Schema<T>): Promise<void> {
  // The page came with it (an order page rendered with the customer's data): nothing to ask.
  if (read().has(path)) return;
  try {
    const value = await api.get(path, schema);
    read().set(path, value);
  } catch {
    // The page's query tries again and reports it.
  }
}

/** The server (entry-server.tsx): the responses the page's HTML carries, for the render that goes with them. */
export function provideInitialData(entries: Record<string, unknown>): void {
  responses = new Map(Object.entries(entries));
}

let pageData: Promise<unknown> = Promise.resolve();

/** The first page's own data is on its way (app/routes.tsx preloadPage); returns the promise. */
export function awaitPageData<T>(promise: Promise<T>): Promise<T> {
  pageData = promise;
  return promise;
}

/**
 * Settles once the first page's own data has come (or failed, or kept it waiting too long): a page the
 * server rendered shows its outline until then (features/orders SignInRequired), so its query finds the
 * answer here instead of asking again.
 */
export function pageDataSettled(): Promise<void> {
  return pageData.then(
    () => undefined,
    () => undefined,
  );
}

/** Tests: forget what was read, so the next call reads the document again. */
export function resetInitialData(): void {
  responses = null;
}
