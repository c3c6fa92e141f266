/**
 * The shop as an app on a phone: installable (Chromium's own installability check), the offline page
 * from its service worker, no API answer or page in its caches, and order notifications: the opt-in on
 * the order page, and a push delivered to the service worker shown as a notification that opens the order.
 */
import crypto from 'node:crypto';
import { devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import { orderPushMessage } from '@lucky/shared/push';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { catalogue, hydrated, newEmail, placeBankOrder, seriousViolations, signIn, snapshot } from './support';

// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { defaultBrowserType, ...pixel7 } = devices['Pixel 7'];
test.use(pixel7);

/** How long a push delivered to the service worker may take to show before it is delivered again, in ms. */
const REDELIVER_MS = 5_000;

/** The page's service worker, once it controls the page (registered after the first load). */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/**
 * The service worker's registration id, as the DevTools Protocol names it, once a version of it is activated (a
 * push delivered to a registration whose worker is still installing or activating waits on it), with what its
 * workers reported as errors: a push that shows nothing then says why.
 */
async function registrationId(
  context: BrowserContext,
  page: Page,
): Promise<{ id: string; send: (data: string) => Promise<void>; errors: () => string[] }> {
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const errors: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => errors.push(`${errorMessage.errorMessage} (${errorMessage.sourceURL}:${errorMessage.lineNumber})`));
  const registration = new Promise<string>((resolve) => {
    const ids = new Set<string>();
    const activated = new Set<string>();
    const settle = () => {
      const ready = [...ids].find((id) => activated.has(id));
      if (ready) resolve(ready);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const entry of registrations) if (entry.scopeURL === `${origin}/` && !entry.isDeleted) ids.add(entry.registrationId);
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const version of versions) if (version.status === 'activated') activated.add(version.registrationId);
      settle();
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registration;
  return { id, send: async (data) => void (await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data })), errors: () => errors };
}

test.describe('installable, offline, notifications', () => {
  test('Chromium finds the shop installable', async ({ browser }, testInfo) => {
    // A browser profile of its own: Chromium offers no installation in a throwaway (incognito) context.
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'lucky-install-'));
    const { launchOptions, baseURL } = testInfo.project.use;
    const context = await browser.browserType().launchPersistentContext(profile, { ...launchOptions, ...pixel7, baseURL, locale: 'vi-VN' });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await hydrated(page);
      await serviceWorkerInControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    }
  });

  test('without a network a page is the offline page; nothing of the API or of a page is cached', async ({ page }, testInfo) => {
    await page.goto('/');
    await hydrated(page);
    await serviceWorkerInControl(page);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<string, unknown> & {
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Lucky Shop – Nạp game', short_name: 'Lucky Shop', lang: 'vi', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    // Both colour modes' theme colours.
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', /^#/);
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', /^#/);

    // A signed-in customer's pages and calls, then the network goes.
    await signIn(page, newEmail(testInfo, 'ngoaituyen'));
    await page.goto('/gameorder');
    await expect(page.getByRole('heading', { name: 'Danh sách đơn hàng' })).toBeVisible();
    await page.context().setOffline(true);
    await page.goto('/item/1');
    await expect(page.getByRole('heading', { name: 'Bạn đang ngoại tuyến' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'offline');
    await page.context().setOffline(false);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls.sort();
    });
    expect(cached).toEqual(
      ['/favicon.svg', '/icons/apple-touch-icon.png', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-192.png', '/icons/maskable-512.png', '/manifest.webmanifest', '/offline.html'].sort(),
    );
  });

  test("'Nhận thông báo khi đơn hoàn thành' stores this browser; a push shows the notification, and its click opens the order", async ({ context, page }, testInfo) => {
    await context.grantPermissions(['notifications']);
    // Chromium here reaches no real push service: the browser's subscription is a stand-in with real keys.
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    const fake = {
      endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
    };
    await page.addInitScript((subscription) => {
      let subscribed = false;
      const stub = { endpoint: subscription.endpoint, toJSON: () => subscription, unsubscribe: async () => ((subscribed = false), true) };
      PushManager.prototype.subscribe = async function () {
        subscribed = true;
        return stub as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (subscribed ? stub : null) as unknown as PushSubscription | null;
      };
    }, fake);

    const { byName, items } = await catalogue(page.request);
    const [item] = await items(byName('Đảo Sinh Tồn'));
    await signIn(page, newEmail(testInfo, 'thongbao'));
    const placed = await placeBankOrder(page, item!.id);
    await page.goto(`/gameorder/${placed.id}`);
    await hydrated(page);
    await serviceWorkerInControl(page);

    const saved = page.waitForResponse((response) => response.url().endsWith('/user/api/v1/user/push-subscription') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Nhận thông báo khi đơn hoàn thành' }).tap();
    expect((await saved).status()).toBe(200);
    expect((await saved).request().postDataJSON()).toEqual(fake);
    await expect(page.getByRole('status').filter({ hasText: 'Đã bật' })).toContainText('bạn sẽ nhận thông báo khi đơn được thanh toán, hoàn thành');
    // The toast's code loads when it is first needed: axe measures it once it is on screen (and its entrance
    // has ended, seriousViolations), not while it is still arriving.
    await expect(page.getByText('Đã bật thông báo đơn hàng trên thiết bị này')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The message the API sends when the order completes, delivered to the service worker by the browser.
    await page.goto('/');
    await hydrated(page);
    const worker = await registrationId(context, page);
    const message = orderPushMessage({ id: placed.id, code: placed.code }, 'completed');
    // Delivered again when nothing shows within a few seconds, as a push service redelivers what no browser took:
    // on a loaded host the DevTools Protocol once handed the first delivery to a worker that showed nothing and
    // reported no error. The notification's tag is the order's, so a second delivery replaces the first.
    let deliveries = 0;
    let deliveredAt = 0;
    await expect
      .poll(
        async () => {
          if (Date.now() - deliveredAt > REDELIVER_MS) {
            await worker.send(JSON.stringify(message));
            deliveries += 1;
            deliveredAt = Date.now();
          }
          return page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })),
          );
        },
        { timeout: REDELIVER_MS * 3 },
      )
      .toEqual([{ title: `Đơn ${placed.code} đã hoàn thành`, body: message.body, tag: `order-${placed.id}` }])
      // The worker's errors as they stand when the wait gives up, not when it began.
      .catch((error: Error) => {
        error.message += `\n${deliveries} deliveries; the service worker's errors: ${JSON.stringify(worker.errors())}`;
        throw error;
      });

    // Headless Chromium has no notification on screen to click: the click the browser would hand the
    // service worker is dispatched there instead, with the notification it showed.
    const serviceWorker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await serviceWorker.evaluate(async () => {
      // The service worker's global scope (this project's e2e types know the page's DOM only).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(page).toHaveURL(new RegExp(`/gameorder/${placed.id}$`));
    await expect(page.getByText(`Mã đơn: ${placed.code}`)).toBeVisible();
    await expect.poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
  });
});
