import { expect, test, type Page } from '@playwright/test';
import { catalogue, hydrated, newEmail, placeBankOrder, signIn } from './support';

/**
 * The storefront's pages come rendered in their HTML (docs/decisions/0018) and the web app hydrates
 * them: the markup is there before any script runs, React takes it over without a mismatch (React 19
 * reports one as a console error) and the page then works as a rendered one does.
 */

/** Every console error and warning, and every uncaught error, of the page from now on. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()} at ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror at ${page.url()}: ${error.message}`));
  return seen;
}

/** What the API sends inside `<div id="root">`, before any script has run. */
async function serverMarkup(page: Page, url: string): Promise<string> {
  const html = await (await page.request.get(url)).text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html);
  expect(root, `${url} has a #root`).not.toBeNull();
  return root![1]!;
}

/** True while the page has not been loaded anew since `markPage`: a click was handled by the app, not the browser. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { luckyMark: true }));
const stillSamePage = (page: Page) => page.evaluate(() => (window as { luckyMark?: boolean }).luckyMark === true);

test.describe('pages rendered by the server', () => {
  test('the home and game pages come with the catalogue rendered, hydrate without errors and stay interactive', async ({
    page,
  }) => {
    const { platforms, items } = await catalogue(page.request);
    const game = platforms[0]!;
    const home = await serverMarkup(page, '/');
    expect(home).toContain('Lựa chọn trò chơi');
    for (const platform of platforms.slice(0, 4)) expect(home).toContain(`alt="${platform.name}"`);
    expect(home).toContain('Đơn nạp được hoàn thành trước 16:00 trong ngày.');

    const gameItems = await items(game);
    const itemPage = await serverMarkup(page, `/item/${game.id}`);
    expect(itemPage).toContain(game.name);
    expect(itemPage).toContain(gameItems[0]!.name);

    const seen = problems(page);
    await page.goto('/');
    // The page's title is set by an effect: it runs once the server's markup is hydrated.
    await expect(page).toHaveTitle(/^Lựa chọn trò chơi/);
    await markPage(page);
    await page.getByRole('link', { name: game.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(game.name);
    expect(await stillSamePage(page)).toBe(true);

    await page.goto(`/item/${game.id}`);
    await expect(page).toHaveTitle(new RegExp(game.name));
    // A visitor who is not signed in is asked to, in a dialog: the page's handlers are attached.
    await page.getByRole('button', { name: `Thêm vào giỏ: ${gameItems[0]!.name}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(seen).toEqual([]);
  });

  test('the sign-in and order pages come with the frame; signed in, they hydrate into the customer’s own', async ({
    page,
  }, testInfo) => {
    const signinMarkup = await serverMarkup(page, '/signin');
    expect(signinMarkup).toContain('Đăng nhập để đặt hàng và theo dõi đơn hàng của bạn.');
    expect(signinMarkup).toContain('Đơn nạp được hoàn thành trước 16:00 trong ngày.');
    // The order pages' HTML has the frame and the page's heading, never a customer's data.
    expect(await serverMarkup(page, '/gameorder')).toContain('Danh sách đơn hàng');
    expect(await serverMarkup(page, '/gameorder/00000000-0000-0000-0000-000000000000')).toContain('Chi tiết đơn hàng');

    const seen = problems(page);
    // Signing in through the hydrated page's form.
    await signIn(page, newEmail(testInfo, 'ssr'));
    const { platforms, items } = await catalogue(page.request);
    const game = platforms.find((platform) => !platform.shop_config.need_login) ?? platforms[0]!;
    const item = (await items(game))[0]!;

    // The cart is in localStorage, not in the server's HTML: it is restored after hydrating, not lost.
    await page.goto(`/item/${game.id}`);
    // A button of the server's HTML works once the app has taken the page over.
    await hydrated(page);
    await page.getByRole('button', { name: `Thêm vào giỏ: ${item.name}` }).click();
    const cart = page.getByRole('region', { name: /Giỏ hàng/ });
    await expect(cart.getByText(item.name)).toBeVisible();
    await page.reload();
    await hydrated(page);
    await expect(cart.getByText(item.name)).toBeVisible();

    const order = await placeBankOrder(page, item.id);
    await page.goto('/gameorder');
    const card = page.getByRole('list', { name: 'Danh sách đơn hàng' }).getByRole('heading', { name: order.code });
    await expect(card).toBeVisible();
    await markPage(page);
    await page.getByRole('link', { name: new RegExp(order.code) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/gameorder/${order.id}$`));
    expect(await stillSamePage(page)).toBe(true);

    await page.goto(`/gameorder/${order.id}`);
    await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${order.code}` })).toBeVisible();
    expect(seen).toEqual([]);
  });
  test('a signed-in customer’s game page comes with the order form where it stays: nothing moves once the app takes over', async ({
    page,
  }, testInfo) => {
    const { platforms } = await catalogue(page.request);
    const game = platforms[0]!;
    const prompt = 'Đăng nhập để thêm sản phẩm vào giỏ hàng và đặt hàng.';
    // Every layout shift of each page from its start, as Core Web Vitals counts them (none after an input here).
    await page.addInitScript(() => {
      const seen = { total: 0 };
      Object.assign(window, { luckyShifts: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) seen.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted = () => page.evaluate(() => (window as unknown as { luckyShifts: { total: number } }).luckyShifts.total);

    await signIn(page, newEmail(testInfo, 'form-in-place'));
    // The browser tells the server it holds a session (a cookie with no secret in it): the HTML has the form,
    // and the header is a signed-in customer's (no way to sign in, the account button still loading).
    const markup = await serverMarkup(page, `/item/${game.id}`);
    expect(markup).not.toContain(prompt);
    expect(markup).not.toContain('href="/signin"');
    expect(markup).toContain('ls-account-button');
    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    const firstField = page.locator('form input').first();
    await expect(firstField).toBeEnabled();
    await firstField.fill('khach-hang');
    // What moves is the account button's name arriving (0.001); the header's swap after hydration was 0.009.
    expect(await shifted()).toBeLessThan(0.005);

    // Signed out, the hint goes with the session: the page is a visitor's again, from its HTML on.
    await page.getByRole('banner').getByRole('button', { name: /Tài khoản/ }).click();
    await page.getByRole('menuitem', { name: /Đăng xuất/ }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    const visitorMarkup = await serverMarkup(page, `/item/${game.id}`);
    expect(visitorMarkup).toContain(prompt);
    expect(visitorMarkup).toContain('href="/signin"');
    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    await expect(page.getByText(prompt)).toBeVisible();
    expect(await shifted()).toBeLessThan(0.005);
  });

  test('the code a page needs later is fetched by a worker once it has loaded, and a later error toast comes from the cache', async ({
    page,
    context,
  }) => {
    // The files the API names for later (app/page-modules.ts), as the page's <meta name="lucky-prefetch">.
    const html = await (await page.request.get('/signin')).text();
    const named = /<meta name="lucky-prefetch" content="([^"]+)"/.exec(html)?.[1]?.split(' ') ?? [];
    const toastView = named.find((file) => /^\/assets\/toast-view-[\w-]+\.js$/.test(file));
    expect(toastView, 'the toast view is among them').toBeDefined();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    // The worker's fetches (Playwright reports a dedicated worker's requests with its page's) ...
    const fetched = new Set<string>();
    context.on('requestfinished', (request) => {
      if (request.resourceType() === 'fetch') fetched.add(new URL(request.url()).pathname);
    });
    // ... and the page's own, as the browser's network layer saw them: from the network or the HTTP cache.
    const cdp = await context.newCDPSession(page);
    const fromCache = new Set<string>();
    const fromNetwork = new Set<string>();
    cdp.on('Network.responseReceived', ({ response }) => {
      (response.fromDiskCache ? fromCache : fromNetwork).add(new URL(response.url).pathname);
    });
    await cdp.send('Network.enable');

    await page.goto('/signin');
    await hydrated(page);
    await expect.poll(() => named.filter((file) => !fetched.has(file)), { message: 'every named file fetched' }).toEqual([]);
    // Fetched by a worker, off the page's thread: the document gained no prefetch links, and nothing was run.
    expect(workers.filter((file) => /^\/assets\/prefetch-worker-[\w-]+\.js$/.test(file))).toHaveLength(1);
    expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);
    // Fetched, not run: the page itself has not asked for the toast view yet.
    expect(fromCache.has(toastView!) || fromNetwork.has(toastView!)).toBe(false);

    // The API refuses the address: the error toast's code now comes from the HTTP cache, not the network.
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText('Email không hợp lệ');
    expect(fromCache.has(toastView!), 'the toast view came from the cache').toBe(true);
    expect(fromNetwork.has(toastView!)).toBe(false);
  });
});
