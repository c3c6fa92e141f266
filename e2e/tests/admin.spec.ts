import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { ADMIN_EMAIL, api, catalogue, hydrated, newEmail, seriousViolations, signIn, snapshot } from './support';

const UID_GAME = 'Đảo Sinh Tồn';

/** A small picture the admin uploads as the result of an order (a screenshot of the top-up, in real life). */
function resultPicture(): Buffer {
  const png = new PNG({ width: 80, height: 60 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([30, 160, 90, 255], i);
  return PNG.sync.write(png);
}

test.describe('the admin console', () => {
  test('a bank order from checkout to delivery: the admin confirms payment and completes it; the customer sees the result and the gift coins', async ({ browser, page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);

    // The customer places a bank order in the shop.
    await signIn(page, newEmail(testInfo, 'giaohang'));
    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    await page.getByLabel(/^Họ tên/).fill('Phạm Thị D');
    await page.getByLabel(/^Server/).fill('S2');
    await page.getByLabel(/^UID/).fill('99887766');
    await page.getByRole('button', { name: `Thêm vào giỏ: ${item!.name}` }).click();
    await page.getByRole('button', { name: 'Đặt hàng' }).click();
    await expect(page).toHaveURL(/\/gameorder\/[0-9a-f-]{36}$/);
    const orderUrl = page.url();
    const token = (await page.evaluate(() => localStorage.getItem('accessToken')))!;
    const order = await api<{ id: string; code: string }>(page.request, token, 'GET', `/order/api/v1/order/${orderUrl.split('/').pop()}`);
    // A customer has no way into the console.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Quản trị' })).toHaveCount(0);
    await page.goto('/admin');
    await expect(page.getByText('Bạn không có quyền truy cập trang này')).toBeVisible();

    // The admin, in another browser, finds the order in the queue.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN_EMAIL);
    await admin.getByRole('banner').getByRole('link', { name: 'Quản trị' }).first().click();
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: /Đơn hàng/ }).click();
    await admin.getByLabel('Tìm theo mã đơn, email hoặc tên').fill(order.code);
    await expect(admin).toHaveURL(new RegExp(`q=${order.code}`));
    expect(await seriousViolations(admin)).toEqual([]);
    await snapshot(admin, testInfo, 'admin-queue');
    await admin.getByRole('link', { name: order.code }).click();
    await expect(admin.getByRole('heading', { name: `Đơn ${order.code}` })).toBeVisible();
    await expect(admin.getByText('99887766')).toBeVisible();

    // Payment received, confirmed by hand with the amount seen in the shop's account: 0 → 1, paid on staff's word.
    await admin.getByRole('button', { name: 'Xác nhận đã nhận tiền' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Xác nhận đã nhận tiền' });
    await expect(confirm.getByLabel(/^Số tiền đã nhận/)).toHaveValue(item!.price.toLocaleString('vi-VN'));
    await confirm.getByLabel(/^Mã giao dịch ngân hàng/).fill('FT25074123456');
    expect(await seriousViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Xác nhận thanh toán' }).click();
    await expect(confirm).toBeHidden();
    await expect(admin.getByText('Đang xử lý').first()).toBeVisible();
    await expect(admin.getByText('Chưa xác thực', { exact: true })).toBeVisible();
    await expect(admin.getByText(`${item!.price.toLocaleString('vi-VN')} VNĐ (nhân viên nhập tay, chưa xác thực)`)).toBeVisible();

    // Delivered: 1 → 2 with a reply and an uploaded picture.
    await admin.getByRole('button', { name: 'Hoàn thành', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: `Hoàn thành đơn ${order.code}` });
    await dialog.getByLabel('Admin phản hồi').fill('Đã nạp xong, chúc bạn chơi vui!');
    await dialog.getByLabel('Tải lên: Ảnh kết quả').setInputFiles({ name: 'ket-qua.png', mimeType: 'image/png', buffer: resultPicture() });
    await expect(dialog.getByRole('img', { name: /Ảnh kết quả/ })).toBeVisible();
    await snapshot(admin, testInfo, 'admin-complete-dialog');
    await dialog.getByRole('button', { name: 'Hoàn thành đơn' }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Đã hoàn thành').first()).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await snapshot(admin, testInfo, 'admin-order-completed');
    await adminContext.close();

    // The customer sees the delivery, the reply, the picture and the gift coins.
    await page.goto(orderUrl);
    await expect(page.getByText('Đã hoàn thành').first()).toBeVisible();
    await expect(page.getByText('Đã nạp xong, chúc bạn chơi vui!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ảnh kết quả' })).toBeVisible();
    const picture = page.getByRole('link', { name: /Ảnh kết quả 1/ });
    await expect(picture).toHaveAttribute('href', /\/storage\/api\/v1\/storage\/file\/[0-9a-f]{64}$/);
    await expect(page.getByRole('banner').getByTitle('Số coin của bạn')).toHaveText(new RegExp(`${item!.gift_coin.toLocaleString('vi-VN')}$`));
    await snapshot(page, testInfo, 'order-detail-completed');
  });
});
