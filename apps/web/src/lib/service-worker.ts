/**
 * The shop's service worker (docs/decisions/0021: the offline page, Web Push), registered well after the
 * page has loaded, when the browser is idle: installing it downloads the worker and its precache (the
 * offline page, the icons), which must not compete with what the page shows, nor end before the page's
 * largest paint (Lighthouse's estimate counts every request that does). Built only by `vite build`
 * (vite.config.ts): the dev server has none. Notifications register it at once when asked for
 * (features/orders/push.ts).
 */
import { afterFirstLoad } from './after-first-load';

export const SERVICE_WORKER_URL = '/sw.js';
const MANIFEST_URL = '/manifest.webmanifest';

/**
 * The web app manifest's link (the installable shop): added late, with the worker, for the same reason —
 * Chromium fetches a linked manifest and its icon as soon as it sees the link.
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
}

/** How long after the load event the registration waits: the order pages' content comes after it. */
const REGISTER_DELAY_MS = 5000;

/** Links the manifest and registers the service worker a while after the first load; returns a cancel function. */
export function registerServiceWorkerLater(): () => void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelIdle: (() => void) | undefined;
  const cancelLoad = afterFirstLoad(() => {
    timer = setTimeout(() => {
      cancelIdle = afterFirstLoad(() => {
        linkManifest();
        navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
          // Without it the shop works as before: no offline page, no notifications.
          console.warn('service worker not registered', error);
        });
      });
    }, REGISTER_DELAY_MS);
  });
  return () => {
    cancelLoad();
    clearTimeout(timer);
    cancelIdle?.();
  };
}
