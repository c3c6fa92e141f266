/**
 * The order pages with the customer's own data in their HTML (docs/decisions/0018). The session lives in
 * the browser's localStorage, which the server cannot read; the web app keeps a copy of the access token
 * in a cookie sent with these pages' addresses only (apps/web/src/lib/page-session.ts). With it, the page
 * comes with the responses it shows first (the order, or the page of the list) as its data block, and the
 * server's render puts them on screen: the page paints complete from its HTML, instead of an outline until
 * its code has run and asked the API. Measured with Lighthouse on a phone's profile, that moved the order
 * page's largest paint from the API's answer after the app's code (~2.5 s) to the HTML's first paint.
 *
 * The data is asked of the API itself (`app.inject`, as the browser would ask it): the same checks and
 * the same answer. No cookie, a token the API refuses (expired, signed out), or any failure: the page
 * without data, as before, which the browser completes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ORDER_PAGE_SIZE } from '@lucky/shared';
import { SIGNED_IN_HINT } from '@lucky/shared/constants';
import type { PageData } from './page-data.js';

/** The cookie the web app writes (apps/web/src/lib/page-session.ts), on the order pages' path only. */
export const PAGE_SESSION_COOKIE = 'lucky_page_session';
/** Where it is sent: /gameorder and /gameorder/…, no other page and no API call. */
export const PAGE_SESSION_PATH = '/gameorder';

/** The page in `?page=`, as the web app reads it (features/orders/api.ts pageFrom): 1 unless a page number. */
function pageOf(request: FastifyRequest): number {
  const raw = (request.query as Record<string, unknown> | undefined)?.page;
  const page = Number(typeof raw === 'string' ? raw : Number.NaN);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The API calls each order page makes first, as the web app writes them (features/orders/api.ts): the data block's keys. */
export const customerPageCalls = {
  '/gameorder': (request: FastifyRequest) => [`/order/api/v1/order/list?page=${pageOf(request)}&limit=${ORDER_PAGE_SIZE}`],
  '/gameorder/:id': (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    return [`/order/api/v1/order/${encodeURIComponent(id)}`];
  },
} as const satisfies Record<string, (request: FastifyRequest) => string[]>;

export type CustomerRoute = keyof typeof customerPageCalls;

/** The page session cookie's value in the request, or null. */
export function pageSessionToken(request: FastifyRequest): string | null {
  return cookieValue(request, PAGE_SESSION_COOKIE);
}

/**
 * Whether the browser says it holds a session (SIGNED_IN_HINT, written by apps/web/src/lib/page-session.ts):
 * a game page is then rendered with the order form where the sign-in prompt would be. It proves nothing
 * and unlocks nothing: the form is the same empty one, and the browser shows the prompt after all when it
 * holds no session.
 */
export function hasSignedInHint(request: FastifyRequest): boolean {
  return cookieValue(request, SIGNED_IN_HINT.cookie) === '1';
}

/** A cookie's value in the request, or null. */
function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    try {
      return value ? decodeURIComponent(value) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The customer's responses for the page's calls, asked of the API with the cookie's token; null without a
 * cookie or when any call is not answered 200 (the page then comes without data).
 */
export async function customerResponses(
  app: FastifyInstance,
  apiKey: string,
  request: FastifyRequest,
  route: CustomerRoute,
): Promise<PageData['responses'] | null> {
  const token = pageSessionToken(request);
  if (!token) return null;
  const responses: PageData['responses'] = [];
  for (const url of customerPageCalls[route](request)) {
    const answer = await app.inject({ method: 'GET', url, headers: { authorization: token, 'x-api-key': apiKey } });
    if (answer.statusCode !== 200) return null;
    responses.push([url, answer.rawPayload]);
  }
  return responses;
}
