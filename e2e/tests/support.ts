/**
 * Helpers shared by the browser journeys: sign in through the demo form, call the API the way the
 * web app does, keep screenshots of each screen for people to look at (not committed).
 */
import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';

export const API_KEY = 'lucky-local-key';
export const ADMIN_EMAIL = 'admin@lucky.test';

export interface Platform {
  id: number;
  name: string;
  shop_config: { need_login: boolean; sale_picture: string | null };
}
export interface StoreItem {
  id: number;
  name: string;
  price: number;
  coin: number;
  gift_coin: number;
}

/** The public catalogue as the shop reads it: the active games, one by name, and a game's items. */
export async function catalogue(request: APIRequestContext) {
  const headers = { 'x-api-key': API_KEY };
  const platforms = (await (await request.get('/platform/api/v1/platform/list?keyword=&is_active=true', { headers })).json()) as Platform[];
  const byName = (name: string) => platforms.find((p) => p.name === name)!;
  const items = async (platform: Platform) =>
    (await (await request.get(`/store/api/v1/store/list?keyword=&store_platform=${platform.id}`, { headers })).json()) as StoreItem[];
  return { platforms, byName, items };
}

/** A fresh customer email per test, so journeys never see each other's orders or coins. */
export function newEmail(testInfo: TestInfo, name = 'khach'): string {
  return `${name}-${testInfo.workerIndex}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@lucky.test`;
}

/**
 * Waits until the web app has taken over the page the server rendered (docs/decisions/0018): its
 * buttons work from then on. Every storefront page sets its own title once hydrated.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page).not.toHaveTitle('Lucky Shop – Nạp game');
}

/** Signs in with the demo form on /signin; the app then goes back one page. */
export async function signInWithDemo(page: Page, email: string): Promise<void> {
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/);
}

/** Opens /signin directly and signs in; lands on / (no earlier page to go back to). */
export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.goto('/signin');
  await signInWithDemo(page, email);
}

/** The API as a tool or the admin console calls it: demo sign-in, then raw token in `authorization`. */
export async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/auth/api/v1/auth/demo-sign-in', {
    headers: { 'x-api-key': API_KEY },
    data: { user_access_token: email },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PATCH', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, headers: { 'x-api-key': API_KEY, authorization: token }, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A bank order for one `itemId` (a platform that needs no login), placed through the API as the page's signed-in customer. */
export async function placeBankOrder(page: Page, itemId: number): Promise<{ id: string; code: string }> {
  const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
  return api<{ id: string; code: string }>(page.request, token, 'POST', '/order/api/v1/order', {
    order_bank_name: 'Trần Thị B',
    order_server: 'S1',
    order_uid: '987654321',
    order_pay_method: 1,
    order_items: [{ id: itemId, quantity: 1 }],
  });
}

export const SEPAY_WEBHOOK_SECRET = 'e2e-sepay-webhook-secret-0123456789';
export const SHOP_ACCOUNT = '0123456789';
let transferSerial = Date.now();

/**
 * What SePay sends when a customer's transfer reaches the shop's account: the notification, signed with
 * HMAC-SHA256 over `timestamp.body` as SePay signs it.
 */
export async function bankTransferArrives(request: APIRequestContext, memo: string, amountVnd: number): Promise<void> {
  const body = JSON.stringify({
    id: ++transferSerial,
    gateway: 'Vietcombank',
    transactionDate: new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Ho_Chi_Minh', dateStyle: 'short', timeStyle: 'medium' }).format(new Date()),
    accountNumber: SHOP_ACCOUNT,
    code: null,
    content: memo,
    transferType: 'in',
    transferAmount: amountVnd,
    accumulated: 50_000_000,
    subAccount: null,
    referenceCode: `FT${transferSerial}`,
    description: `BankAPINotify ${memo}`,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = crypto.createHmac('sha256', SEPAY_WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
  const res = await request.post('/payment/api/v1/webhook/sepay', {
    headers: { 'content-type': 'application/json', 'x-sepay-timestamp': timestamp, 'x-sepay-signature': `sha256=${signature}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A screenshot kept with the test's results, for people to look at: the whole page unless told otherwise. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** Reads the QR code drawn in an element the way a banking app's camera would: from its pixels. */
export async function decodeQr(locator: Locator): Promise<string | null> {
  const png = PNG.sync.read(await locator.screenshot({ scale: 'device' }));
  // A quiet zone around the symbol helps the decoder, as the white page does for a phone's camera.
  const margin = 16;
  const width = png.width + margin * 2;
  const height = png.height + margin * 2;
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < png.height; y++) {
    data.set(png.data.subarray(y * png.width * 4, (y + 1) * png.width * 4), ((y + margin) * width + margin) * 4);
  }
  return jsQR(data, width, height)?.data ?? null;
}

/**
 * Waits until every finite animation and CSS transition on the page has ended (a chip fading from one
 * status colour to the next, a dialog closing), so axe measures the colours a person ends up seeing.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (;;) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished));
    }
  });
}

/** Serious or critical axe findings on the current screen (optionally only some rules), with the offending markup. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}
