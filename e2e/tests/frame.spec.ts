import { expect, test } from '@playwright/test';
import { catalogue, hydrated, newEmail, placeBankOrder, seriousViolations, signIn, snapshot } from './support';

test.describe('the page frame', () => {
  test('an anonymous visitor sees Đăng nhập, the support links and the 16:00 promise', async ({ page }, testInfo) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('16:00');
    await snapshot(page, testInfo, 'home-anonymous');

    // The orders icon leads an anonymous visitor to /signin.
    await expect(page.getByRole('link', { name: 'Nhắn tin với shop' })).toHaveAttribute('target', '_blank');
    await header.getByRole('link', { name: 'Đơn hàng của bạn' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('signing in shows the name and balance; logging out clears the session and reloads /', async ({ page }, testInfo) => {
    const email = newEmail(testInfo, 'frame');
    await signIn(page, email);
    const header = page.getByRole('banner');
    const account = header.getByRole('button', { name: /Tài khoản/ });
    await expect(account).toContainText(email.split('@')[0]!);
    await expect(header.getByTitle('Số coin của bạn')).toHaveText(/Số coin:\s*0$/);
    await snapshot(page, testInfo, 'home-signed-in');

    await account.click();
    await page.getByRole('menuitem', { name: /Đăng xuất/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('link', { name: 'Đăng nhập' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
  });

  test('an unknown address shows the 404 page inside the frame', async ({ page }) => {
    await page.goto('/khong-co-trang-nay');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the sign-in screen has no serious accessibility violations', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeVisible();
    // Hydrated: the sign-in button of the server's HTML is enabled then, not on its way to it.
    await hydrated(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('colour mode', () => {
  test('dark mode is remembered across a reload and stays readable', async ({ page }, testInfo) => {
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: /^Chế độ màu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Tối' }).click();
    await expect(page.getByRole('button', { name: 'Chế độ màu: Tối' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('toolpad-mode'))).toBe('dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBackground = await background();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Chế độ màu: Tối' })).toBeVisible();
    expect(await background()).toBe(darkBackground);
    await expect(page.getByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    expect(await seriousViolations(page, ['color-contrast'])).toEqual([]);
    await snapshot(page, testInfo, 'home-dark');

    await page.getByRole('button', { name: /^Chế độ màu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Sáng' }).click();
    await expect.poll(background).not.toBe(darkBackground);
  });

  test("a customer who chose dark gets it from the page's first paint, before the app's code runs", async ({ page }) => {
    // The app's code never arrives: what sets the mode is the script in the page's head, allowed by its hash,
    // as the first layout's at the end of the body is by its own (no refusal for either).
    await page.route('**/assets/*.js', (route) => route.abort());
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.addInitScript(() => localStorage.setItem('toolpad-mode', 'dark'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 16, 24)');
    expect(refused).toEqual([]);
  });

  test('every customer screen is readable in dark mode', async ({ page }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('toolpad-mode', 'dark'));
    const { byName, items } = await catalogue(page.request);
    const game = byName('Đảo Sinh Tồn');
    const [item] = await items(game);
    const readable = async (name: string) => {
      expect(await seriousViolations(page, ['color-contrast']), name).toEqual([]);
      await snapshot(page, testInfo, `${name}-dark`);
    };

    await page.goto('/signin');
    await expect(page.getByLabel('Email')).toBeVisible();
    await hydrated(page);
    await readable('signin');
    await page.goto('/khong-co-trang-nay');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await readable('not-found');

    await signIn(page, newEmail(testInfo, 'toi'));
    await page.goto('/gameorder');
    await expect(page.getByRole('heading', { name: 'Danh sách đơn hàng' })).toBeVisible();
    // The server's outline first, then the (empty) list in its place.
    await expect(page.getByRole('main').getByRole('link', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    await readable('order-list-empty');

    await page.goto(`/item/${game.id}`);
    await expect(page.getByText('Thông tin của bạn')).toBeVisible();
    await hydrated(page);
    await page.getByRole('button', { name: `Thêm vào giỏ: ${item!.name}` }).click();
    await expect(page.getByRole('region', { name: /Giỏ hàng/ }).getByText(item!.name)).toBeVisible();
    await readable('item-cart');

    const order = await placeBankOrder(page, item!.id);
    await page.goto(`/gameorder/${order.id}`);
    await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${order.code}` })).toBeVisible();
    await readable('order-detail');
    await page.goto('/gameorder');
    await expect(page.getByRole('list', { name: 'Danh sách đơn hàng' }).getByRole('heading', { name: order.code })).toBeVisible();
    await readable('order-list');
  });
});

test.describe('colour mode on a phone set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('with no mode chosen the shop follows the device', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Chế độ màu: Theo thiết bị' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 16, 24)');
    await expect(page.getByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    expect(await seriousViolations(page, ['color-contrast'])).toEqual([]);
  });

  test('before the script runs the page is already dark (no white flash while loading)', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    // The page comes rendered (docs/decisions/0018), dark from its first paint.
    await expect(page.getByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(18, 16, 24)');
    await context.close();
  });
});
