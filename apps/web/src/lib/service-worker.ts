/**
 * The shop's service worker (docs/decisions/0021: the offline page, Web Push), registered once the page
 * has loaded and the browser is idle, so the first load neither fetches nor runs anything for it. Built
 * only by `vite build` (vite.config.ts): the dev server has none.
 */
import { afterFirstLoad } from './after-first-load';

export const SERVICE_WORKER_URL = '/sw.js';

/** Registers the service worker after the first load; returns a cancel function for effects. */
export function registerServiceWorkerLater(): () => void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => {};
  return afterFirstLoad(() => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      // Without it the shop works as before: no offline page, no notifications.
      console.warn('service worker not registered', error);
    });
  });
}
