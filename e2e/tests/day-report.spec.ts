import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, api, apiSignIn, bankTransferArrives, catalogue, newEmail, seriousViolations, signIn, snapshot } from './support';

const UID_GAME = 'Đảo Sinh Tồn';

interface DayReport {
  date: string;
  received_vnd: number;
  matched_vnd: number;
  unmatched_vnd: number;
  manual_vnd: number;
  balanced: boolean;
  by_provider: { sepay: { received_vnd: number; count: number } };
  counts: { matched: number; unmatched: number; manual: number };
}

const vnd = (amount: number) => `${amount.toLocaleString('vi-VN')} VNĐ`;

test.describe("the owner's day report", () => {
  test("'Đối soát ngày' shows the day's books balanced, each figure leading to its transfers, and the accountant's CSV", async ({ browser, page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const [item] = await items(byName(UID_GAME));
    const customer = await browser.newContext();
    const token = await apiSignIn(customer.request, newEmail(testInfo, 'baocao'));
    const placeOrder = () =>
      api<{ id: string; code: string; total_price: number }>(customer.request, token, 'POST', '/order/api/v1/order', {
        order_items: [{ id: item!.id, quantity: 1 }],
        order_pay_method: 1,
        order_bank_name: 'Đỗ Văn H',
        order_server: 'S7',
        order_uid: '55667788',
      });

    // The day's money: one order paid through the bank feed, one transfer without an order code, and one order
    // confirmed by hand (a manual record no feed has reported).
    const paid = await placeOrder();
    await bankTransferArrives(page.request, `MBVCB.5512.${paid.code} chuyen tien`, paid.total_price);
    const stray = `NGUYEN VAN K chuyen tien ${Date.now()}`;
    await bankTransferArrives(page.request, stray, 30_000);
    const byHand = await placeOrder();
    const adminToken = await apiSignIn(page.request, ADMIN_EMAIL);
    await api(page.request, adminToken, 'PATCH', `/order/api/v1/admin/order/${byHand.id}`, {
      status: 1,
      expected_status: 0,
      received_vnd: byHand.total_price,
      bank_reference: 'FT-TAY-001',
    });
    await customer.close();

    await signIn(page, ADMIN_EMAIL);
    await page.goto('/admin/orders');
    await page.getByRole('navigation', { name: 'Quản trị' }).getByRole('link', { name: 'Đối soát ngày' }).click();
    await expect(page.getByRole('heading', { name: 'Đối soát ngày', level: 1 })).toBeVisible();
    const report = await api<DayReport>(page.request, adminToken, 'GET', '/payment/api/v1/admin/report');
    expect(report.balanced).toBe(true);
    expect(report.matched_vnd).toBeGreaterThanOrEqual(paid.total_price);
    expect(report.manual_vnd).toBeGreaterThanOrEqual(byHand.total_price);

    await expect(page.getByLabel('Ngày', { exact: true })).toHaveValue(report.date);
    await expect(page.getByText('Sổ sách khớp')).toBeVisible();
    const figure = (region: string, label: string) =>
      page.getByRole('region', { name: region }).locator('.MuiPaper-root').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    await expect(figure('Tiền vào theo nguồn', 'Tổng tiền vào')).toContainText(vnd(report.received_vnd));
    await expect(figure('Tiền vào theo nguồn', 'SePay')).toContainText(`${report.by_provider.sepay.count.toLocaleString('vi-VN')} giao dịch`);
    await expect(figure('Giao dịch trong ngày', 'Đã khớp đơn')).toContainText(vnd(report.matched_vnd));
    await expect(figure('Giao dịch trong ngày', 'Đã khớp đơn')).toContainText(`${report.counts.matched} giao dịch`);
    await expect(figure('Giao dịch trong ngày', 'Chưa khớp')).toContainText(vnd(report.unmatched_vnd));
    await expect(figure('Nhân viên nhập tay', 'Chưa xác thực (ngoài phép cân đối)')).toContainText(vnd(report.manual_vnd));
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'admin-day-report');

    // The accountant's file of the day: UTF-8 with a BOM, Vietnamese headers, the day's transfers.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Tải giao dịch (CSV)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`transfers-${report.date}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFMã giao dịch,')).toBe(true);
    expect(csv).toContain(stray);

    // Each transfer figure opens the transfers of that status.
    await figure('Giao dịch trong ngày', 'Chưa khớp').getByRole('link', { name: "Xem giao dịch 'Chưa khớp'" }).click();
    await expect(page).toHaveURL(/\/admin\/transfers\?status=unmatched$/);
    await expect(page.getByRole('tab', { name: 'Chưa khớp' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('row').filter({ hasText: stray })).toBeVisible();
  });
});
