import { expect, test } from '@playwright/test';
import { startSepayListStandIn, type SepayListStandIn } from './sepay-list-stand-in';
import { ADMIN_EMAIL, SHOP_ACCOUNT, api, apiSignIn, catalogue, newEmail, seriousViolations, signIn, snapshot } from './support';

const UID_GAME = 'Đảo Sinh Tồn';

let sepay: SepayListStandIn;
test.beforeAll(async () => {
  sepay = await startSepayListStandIn();
});
test.afterAll(async () => {
  await sepay?.close();
});

test.describe('reconciling with the bank', () => {
  test('staff press “Đối soát ngay” and see a payment the webhook never delivered appear, and its order turn “Đang xử lý”', async ({ browser, page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const [item] = await items(byName(UID_GAME));
    const customer = await browser.newContext();
    const token = await apiSignIn(customer.request, newEmail(testInfo, 'doisoat'));
    const order = await api<{ id: string; code: string; total_price: number }>(customer.request, token, 'POST', '/order/api/v1/order', {
      order_items: [{ id: item!.id, quantity: 1 }],
      order_pay_method: 1,
      order_bank_name: 'Hoàng Văn G',
      order_server: 'S6',
      order_uid: '66778899',
    });

    // The money reaches the shop's account and SePay records it, but its webhook never reaches the shop.
    const memo = `MBVCB.3278614.${order.code} chuyen tien`;
    sepay.add({ id: Date.now(), amountVnd: order.total_price, memo, account: SHOP_ACCOUNT });

    await signIn(page, ADMIN_EMAIL);
    await page.goto('/admin/transfers');
    await expect(page.getByRole('heading', { name: 'Giao dịch ngân hàng', level: 1 })).toBeVisible();
    const section = page.getByRole('region', { name: 'Đối soát với ngân hàng' });
    await expect(section.getByText('SePay: chưa đối soát lần nào')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: memo })).toHaveCount(0);

    await section.getByRole('button', { name: 'Đối soát ngay' }).click();

    await expect(section.getByRole('status')).toHaveText(/^SePay: đã lấy \d+ giao dịch, ghi nhận 1 giao dịch mới$/);
    await expect(section.getByText(/^SePay: đối soát lần cuối lúc \d{2}:\d{2} \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: memo });
    await expect(row).toBeVisible();
    await expect(row.getByText('đối soát', { exact: true })).toBeVisible();
    await expect(row.getByText('Đã khớp đơn')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'admin-reconciled');

    await row.getByRole('link', { name: order.code }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`));
    await expect(page.getByText('Đang xử lý').first()).toBeVisible();
    const paid = await api<{ status: number }>(customer.request, token, 'GET', `/order/api/v1/order/${order.id}`);
    expect(paid.status).toBe(1);
    await customer.close();
  });
});
