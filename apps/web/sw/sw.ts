/**
 * The shop's service worker (docs/decisions/0021), built by vite-plugin-pwa (injectManifest) into
 * dist/sw.js and registered after the first load (lib/service-worker.ts):
 * - the offline shell: the 'Bạn đang ngoại tuyến' page, the icons and the favicon are precached; a page
 *   asked for without a network gets that page;
 * - nothing else is cached: pages come from the network every time (they may be a customer's own), API
 *   answers are never touched, and the fingerprinted code stays in the browser's HTTP cache;
 * - Web Push: a message about an order shows as a notification; a click opens the order's page.
 */
import type { PushMessage } from '@lucky/shared/push';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open pages at once (nothing of theirs is cached, so nothing can mismatch):
// a notification's click can then bring one of them to the order.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Page navigations: the network's answer, never stored; without a network, the offline page.
registerRoute(
  new NavigationRoute(async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

/** The message's fields, or null for anything else (a push that is not the shop's order message). */
function readMessage(event: PushEvent): PushMessage | null {
  try {
    const value = event.data?.json() as Partial<PushMessage> | undefined;
    if (typeof value?.title !== 'string' || typeof value.url !== 'string') return null;
    return value as PushMessage;
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: 'vi',
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: message.url, order_id: message.order_id },
    }),
  );
});

/** The shop's own address for a notification's page; anything else opens the home page. */
function pageOf(notification: Notification): string {
  const data = notification.data as { url?: unknown } | null;
  const url = new URL(typeof data?.url === 'string' ? data.url : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = pageOf(event.notification);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      // The order's page open already, else a page of the shop taken to it, else a new window.
      const shown = windows.find((client) => client.url === url) ?? (await windows[0]?.navigate(url)) ?? null;
      if (!shown) return self.clients.openWindow(url);
      // Focusing needs the click's permission, which a notification's click gives.
      return shown.focus().catch(() => shown);
    })(),
  );
});
