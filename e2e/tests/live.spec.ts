import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, api, apiSignIn, bankTransferArrives, catalogue, hydrated, newEmail, seriousViolations, signIn, snapshot } from './support';

const UID_GAME = 'Đảo Sinh Tồn';

/** Marks the loaded document, so a test can tell that what changed on screen came without a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe('live status', () => {
  test('a bank order’s page turns “Đang xử lý” the moment the bank feed reports the transfer, without a reload', async ({ page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);

    await signIn(page, newEmail(testInfo, 'songtructiep'));
    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    await page.getByLabel(/^Họ tên/).fill('Lê Văn C');
    await page.getByLabel(/^Server/).fill('S3');
    await page.getByLabel(/^UID/).fill('55667788');
    await page.getByRole('button', { name: `Thêm vào giỏ: ${item!.name}` }).click();
    await page.getByRole('button', { name: 'Đặt hàng' }).click();
    await expect(page).toHaveURL(/\/gameorder\/[0-9a-f-]{36}$/);
    const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
    const order = await api<{ id: string; code: string; total_price: number }>(
      page.request,
      token,
      'GET',
      `/order/api/v1/order/${page.url().split('/').pop()}`,
    );
    await expect(page.getByText('Đang chờ duyệt').first()).toBeVisible();
    await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${order.code}` })).toBeVisible();
    await markDocument(page);

    // The customer's banking app adds its own prefix and lower-cases nothing: the shop finds the code anyway.
    await bankTransferArrives(page.request, `MBVCB.3278614.${order.code} chuyen tien`, order.total_price);

    await expect(page.getByText('Đang xử lý').first()).toBeVisible();
    await expect(page.getByText('Shop đã nhận được tiền chuyển khoản. Đơn hàng đang được xử lý.')).toBeVisible();
    await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${order.code}` })).toHaveCount(0);
    expect(await stillSameDocument(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'order-paid-live');
  });

  test('the admin queue shows a new order and its payment without a reload, with a toast for the payment', async ({ browser, page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);

    await signIn(page, ADMIN_EMAIL);
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Hàng đợi đơn hàng' })).toBeVisible();
    await markDocument(page);

    // A customer, elsewhere, places a bank order.
    const customer = await browser.newContext();
    const token = await apiSignIn(customer.request, newEmail(testInfo, 'hangdoi'));
    const order = await api<{ id: string; code: string; total_price: number }>(customer.request, token, 'POST', '/order/api/v1/order', {
      order_items: [{ id: item!.id, quantity: 1 }],
      order_pay_method: 1,
      order_bank_name: 'Võ Thị E',
      order_server: 'S4',
      order_uid: '44332211',
    });
    const row = page.getByRole('row').filter({ hasText: order.code });
    await expect(row).toBeVisible();
    await expect(row.getByText('Đang chờ duyệt')).toBeVisible();

    // Its transfer arrives: the row moves on, and staff are told.
    await bankTransferArrives(customer.request, order.code.toLowerCase(), order.total_price);
    await expect(row.getByText('Đang xử lý')).toBeVisible();
    await expect(page.getByText(`Đơn ${order.code} đã được thanh toán`)).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);
    await snapshot(page, testInfo, 'admin-queue-live');
    await customer.close();
  });

  test('a transfer that matches no order waits for staff in “Giao dịch ngân hàng”, who attach it to the order', async ({ browser, page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);
    const customer = await browser.newContext();
    const token = await apiSignIn(customer.request, newEmail(testInfo, 'chuakhop'));
    const order = await api<{ id: string; code: string; total_price: number }>(customer.request, token, 'POST', '/order/api/v1/order', {
      order_items: [{ id: item!.id, quantity: 1 }],
      order_pay_method: 1,
      order_bank_name: 'Đỗ Văn F',
      order_server: 'S5',
      order_uid: '11223344',
    });

    await signIn(page, ADMIN_EMAIL);
    await page.goto('/admin/transfers');
    await expect(page.getByRole('heading', { name: 'Giao dịch ngân hàng' })).toBeVisible();
    await markDocument(page);

    // The customer forgot the code in the memo.
    const memo = `chuyen tien nap game ${Date.now()}`;
    await bankTransferArrives(customer.request, memo, order.total_price);
    const row = page.getByRole('row').filter({ hasText: memo });
    await expect(row).toBeVisible();
    await expect(row.getByText('Chưa khớp')).toBeVisible();
    // Staff are told at once, in the red toast: it needs someone.
    await expect(page.getByRole('alert').filter({ hasText: /chưa khớp đơn nào: Nội dung không có mã đơn/ })).toBeVisible();
    expect(await stillSameDocument(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: /Gán vào đơn/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Mã đơn/).fill(order.code);
    await dialog.getByRole('button', { name: /Gán vào đơn/ }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Đã gán vào đơn')).toBeVisible();
    await expect(row.getByRole('link', { name: order.code })).toBeVisible();
    await snapshot(page, testInfo, 'admin-transfer-attached');

    const paid = await api<{ status: number }>(customer.request, token, 'GET', `/order/api/v1/order/${order.id}`);
    expect(paid.status).toBe(1);
    await customer.close();
  });
});
