/**
 * Server-Sent Events for fetch-stub.ts: a stream route whose every connection is an open body the test
 * writes to (in chunks, cut anywhere) and ends, as the API's event streams do.
 */
import type { SentRequest } from './fetch-stub';

export interface SseConnection {
  request: SentRequest;
  /** Writes raw text to the body, as one chunk. */
  send: (text: string) => void;
  /** The server closes the stream (token expired, restart). */
  end: () => void;
  /** The connection breaks (network loss). */
  fail: () => void;
  /** True once the app has hung up (signed out, left the page). */
  cancelled: () => boolean;
}

/** One message in the wire format. */
export const sseMessage = (event: string, data: unknown, id?: number | string) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** A route reply opening a new stream each call; `connections` lists them, newest last. */
export function sseRoute() {
  const connections: SseConnection[] = [];
  const encoder = new TextEncoder();
  const reply = (request: SentRequest) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let open = true;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
      cancel: () => {
        open = false;
        cancelled = true;
      },
    });
    connections.push({
      request,
      send: (text) => {
        if (open) controller.enqueue(encoder.encode(text));
      },
      end: () => {
        if (open) controller.close();
        open = false;
      },
      fail: () => {
        if (open) controller.error(new TypeError('network error'));
        open = false;
      },
      cancelled: () => cancelled,
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return {
    reply,
    connections,
    /** The newest connection; throws before the first. */
    latest: (): SseConnection => {
      const connection = connections.at(-1);
      if (!connection) throw new Error('no stream connection yet');
      return connection;
    },
  };
}
