/**
 * Follows one of the API's Server-Sent Events streams (docs/architecture.md "Live events"). The API
 * wants `x-api-key` and the raw token in `authorization`, which EventSource cannot send, so the stream
 * is read with fetch through `authorizedFetch` (an expired token is renewed like any call's) and parsed
 * with eventsource-parser.
 * - The stream ends when the token expires, the network drops or the server restarts: it reconnects
 *   silently, waiting up to 1 s doubling to 30 s between failed tries, with the last event id seen.
 * - A refusal (401 other than an expired token, 403, any other 4xx) or a missing session stops it for
 *   good; so does the caller's signal.
 * - When the page becomes visible again (a customer back from the banking app), it reconnects at once:
 *   a phone may have frozen the tab and left a connection that no longer delivers, or be waiting out a
 *   long pause; the new connection's `onOpen(true)` refreshes what was missed meanwhile.
 */
import { createParser } from 'eventsource-parser';
import { ERROR_CODES } from '@lucky/shared/error-codes';
import { ApiError, authorizedFetch } from './api-client';
import { getAccessToken } from './session';

export interface StreamMessage {
  /** The `event:` field; 'message' when the server sent none. */
  event: string;
  data: string;
  id?: string;
}

export interface EventStreamOptions {
  path: string;
  signal: AbortSignal;
  onMessage: (message: StreamMessage) => void;
  /** Each time the stream is connected; `reconnected` is false the first time only. */
  onOpen?: (reconnected: boolean) => void;
  /** Waits between failed tries, doubling from `firstDelayMs` up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A stream silent this long is taken for dead and reopened: the server sends a comment every 25 s
   * (EVENT_HEARTBEAT_MS in @lucky/shared/events), and a half-open connection never ends by itself.
   */
  idleMs?: number;
  /** Reconnect at once when the page becomes visible again (on by default). */
  reconnectWhenVisible?: boolean;
}

/** Why a connection ended: try again later, or stop for good. */
type Outcome = 'retry' | 'stop';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A 4xx will fail the same way again, except an expired token still being renewed, a timeout or a rate limit. */
function isRefusal(error: ApiError): boolean {
  if (error.status === 401 && error.code === ERROR_CODES.TOKEN_EXPIRED) return getAccessToken() === null;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Resolves after `ms`, or at once when the signal aborts or `cut` is called. */
function pause(ms: number, signal: AbortSignal, onCut: (cut: () => void) => void): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    onCut(done);
  });
}

/** Runs until stopped (refused, signed out, or the signal aborts); never rejects. */
export async function followEventStream(options: EventStreamOptions): Promise<void> {
  const { path, signal, onMessage, onOpen, firstDelayMs = 1000, maxDelayMs = 30_000, idleMs = 60_000 } = options;
  let lastEventId: string | undefined;
  let connections = 0;
  let failures = 0;
  /** Drops the connection or cuts the pause under way, for a reconnection at once. */
  let wake: (() => void) | null = null;
  let woken = false;
  const onVisibility = () => {
    if (document.visibilityState !== 'visible' || !wake) return;
    woken = true;
    wake();
  };
  const watchVisibility = (options.reconnectWhenVisible ?? true) && typeof document !== 'undefined';
  if (watchVisibility) document.addEventListener('visibilitychange', onVisibility);

  const connect = async (): Promise<Outcome> => {
    // Its own controller, so the idle watchdog can drop this connection without stopping the stream.
    const connection = new AbortController();
    const abort = () => connection.abort();
    signal.addEventListener('abort', abort, { once: true });
    wake = abort;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(abort, idleMs);
    };
    try {
      // No other headers: a separate API host must allow each one in its CORS preflight.
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
      watch();
      // Low priority: a connection that stays open must not compete with what a page loads (nor count
      // as one of its critical requests).
      const response = await authorizedFetch(path, { headers, signal: connection.signal, priority: 'low' });
      // Anything but a stream (an HTML page from a proxy, a JSON body) would end at once, again and again.
      if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
        void response.body?.cancel().catch(() => undefined);
        return 'stop';
      }
      failures = 0;
      onOpen?.(connections++ > 0);
      const parser = createParser({
        onEvent: (event) => {
          if (event.id !== undefined) lastEventId = event.id;
          try {
            onMessage({ event: event.event ?? 'message', data: event.data, id: event.id });
          } catch (error) {
            // One bad message must not drop the stream (and replay it forever from the same id).
            console.error('event stream message', error);
          }
        },
      });
      const reader = response.body.getReader();
      // Ends a pending read at once, whatever the fetch implementation does with the signal.
      const cancel = () => void reader.cancel().catch(() => undefined);
      if (connection.signal.aborted) cancel();
      else connection.signal.addEventListener('abort', cancel, { once: true });
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return 'retry';
    } catch (error) {
      if (signal.aborted) return 'stop';
      if (error instanceof ApiError) return isRefusal(error) ? 'stop' : 'retry';
      // A network loss mid-stream, or the watchdog's abort.
      if (isAbort(error) || error instanceof TypeError) return 'retry';
      console.error('event stream', error);
      return 'retry';
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', abort);
    }
  };

  try {
    while (!signal.aborted && getAccessToken() !== null) {
      woken = false;
      if ((await connect()) === 'stop') return;
      // Woken (the page is visible again): straight back, without counting a failure.
      if (woken) continue;
      // After a connection that worked, the first wait again; after failures, longer and longer. Each
      // wait is cut by up to half at random, so clients dropped together by a restart come back spread out.
      const delay = Math.min(firstDelayMs * 2 ** failures++, maxDelayMs);
      await pause(delay * (1 - Math.random() / 2), signal, (cut) => (wake = cut));
    }
  } finally {
    wake = null;
    if (watchVisibility) document.removeEventListener('visibilitychange', onVisibility);
  }
}
