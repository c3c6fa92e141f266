import { expect, test } from '@playwright/test';
import { newEmail, seriousViolations, signIn, snapshot } from './support';

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
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('colour mode', () => {
  test('dark mode is remembered across a reload and stays readable', async ({ page }, testInfo) => {
    await page.goto('/');
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
});
