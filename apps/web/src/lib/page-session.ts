/**
 * A copy of the access token for the server's render of the order pages (apps/api/src/web/customer-pages.ts):
 * a cookie sent with /gameorder and /gameorder/… only, never with an API call (those carry the token in
 * `authorization`, lib/api-client.ts). With it, an order page comes with the customer's order in its HTML and
 * paints complete at once. Lax: a link from elsewhere (a notification, the bank's app) opens the page with it
 * too; it changes nothing on the server, it only lets the page be rendered with its data. Kept as long as the
 * stored session (lib/session.ts): written with it, removed with it.
 */
import { SIGNED_IN_HINT } from '@lucky/shared/constants';

export const PAGE_SESSION_COOKIE = 'lucky_page_session';
/** The API's pages that read it (apps/api/src/web/customer-pages.ts PAGE_SESSION_PATH). */
export const PAGE_SESSION_PATH = '/gameorder';

/** Writes the cookie (`token`) or removes it (null), with the signed-in hint of the game pages beside it. */
export function writePageSession(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const attributes = `; Path=${PAGE_SESSION_PATH}; SameSite=Lax${secure}`;
  document.cookie = token
    ? `${PAGE_SESSION_COOKIE}=${encodeURIComponent(token)}${attributes}`
    : `${PAGE_SESSION_COOKIE}=${attributes}; Max-Age=0`;
  // No secret: only that a session is stored, so a game page's HTML shows the order form where it will be.
  const hint = `; Path=${SIGNED_IN_HINT.path}; SameSite=Lax${secure}`;
  document.cookie = token ? `${SIGNED_IN_HINT.cookie}=1${hint}` : `${SIGNED_IN_HINT.cookie}=${hint}; Max-Age=0`;
}
