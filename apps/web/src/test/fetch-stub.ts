/**
 * Stands in for the network at its boundary (globalThis.fetch) in unit tests: answers by
 * "METHOD /path" and records every request as the app sent it.
 */
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** Path and query, without the origin. */
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export type Reply = Response | ((request: SentRequest) => Response | Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ message, code }, status);
}

/** Replies in order for a route called several times; the last one repeats. */
export function inTurn(...replies: Reply[]): Reply {
  let call = 0;
  return (request) => {
    const reply = replies[Math.min(call++, replies.length - 1)]!;
    return typeof reply === 'function' ? reply(request) : reply.clone();
  };
}

export function stubFetch(routes: Record<string, Reply>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://shop.test');
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: SentRequest = { method: init.method ?? 'GET', path: url.pathname + url.search, headers, body };
    requests.push(request);
    const reply = routes[`${request.method} ${request.path}`] ?? routes[`${request.method} ${url.pathname}`];
    if (!reply) return json({ message: 'Không tìm thấy đường dẫn yêu cầu', code: 'NOT_FOUND' }, 404);
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** Requests sent to one "METHOD /path". */
    sent: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}
