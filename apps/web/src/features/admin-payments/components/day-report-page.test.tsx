import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shopDate, type AdminDayReport } from '@lucky/shared';
import { apiError, json } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { FIRST_RENDER, loadAdminChunks, stubAdminApi } from '../../../test/admin-fixtures';

beforeAll(async () => {
  await loadAdminChunks();
  await import('./day-report-page');
});

const REPORT = 'GET /payment/api/v1/admin/report';

/** A day with every kind of transfer, whose books balance: 2.000.000 = 1.200.000 + 300.000 + 450.000 + 50.000. */
function dayReport(overrides: Partial<AdminDayReport> = {}): AdminDayReport {
  return {
    date: '2025-03-14',
    received_vnd: 2_000_000,
    matched_vnd: 1_200_000,
    attached_vnd: 300_000,
    unmatched_vnd: 450_000,
    invalid_vnd: 50_000,
    ignored_vnd: 75_000,
    duplicate_vnd: 120_000,
    manual_vnd: 90_000,
    manual_verified_vnd: 60_000,
    refunds_owed_vnd: 510_000,
    refunds_sent_vnd: 40_000,
    balanced: true,
    difference_vnd: 0,
    by_provider: { sepay: { received_vnd: 1_400_000, count: 9 }, casso: { received_vnd: 600_000, count: 4 } },
    counts: { matched: 8, attached: 2, unmatched: 3, invalid: 1, ignored: 2, duplicate: 1, manual: 1 },
    orders: { bank_paid: 11, bank_expired: 2, bank_refunded: 1, unverified: 1 },
    coins: { granted: 1_500, spent: 800, compensated: 200, adjusted: -50 },
    ...overrides,
  };
}

async function openPage(path: string, routes: Parameters<typeof stubAdminApi>[0] = {}) {
  signInAs();
  const net = stubAdminApi({ [REPORT]: json(dayReport()), ...routes });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Đối soát ngày', level: 1 }, FIRST_RENDER);
  return { ...view, net };
}

const reportPaths = (net: ReturnType<typeof stubAdminApi>) =>
  net.requests.filter((request) => request.path.startsWith('/payment/api/v1/admin/report')).map((request) => request.path);

/** A figure's card in a section of the report, found by its label. */
const figure = (section: HTMLElement, label: string) =>
  within(section).getByRole('heading', { name: label, level: 3 }).closest<HTMLElement>('.MuiPaper-root')!;

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/report', { timeout: 20_000 }, () => {
  it("shows today's books by default: balanced, money in by provider, each kind of transfer linked to its list, refunds, orders and coins", async () => {
    const today = shopDate(new Date());
    const { net, user, location } = await openPage('/admin/report');

    expect(await screen.findByText('Sổ sách khớp', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(reportPaths(net)).toEqual([`/payment/api/v1/admin/report?day=${today}`]);
    expect(screen.getByRole('link', { name: 'Đối soát ngày' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('Ngày')).toHaveValue(today);
    expect(screen.getByRole('button', { name: 'Ngày sau' })).toBeDisabled();

    const money = screen.getByRole('region', { name: 'Tiền vào theo nguồn' });
    expect(within(figure(money, 'Tổng tiền vào')).getByText('2.000.000 VNĐ')).toBeInTheDocument();
    expect(within(figure(money, 'SePay')).getByText('1.400.000 VNĐ')).toBeInTheDocument();
    expect(within(figure(money, 'SePay')).getByText('9 giao dịch')).toBeInTheDocument();
    expect(within(figure(money, 'Casso')).getByText('600.000 VNĐ')).toBeInTheDocument();

    const transfers = screen.getByRole('region', { name: 'Giao dịch trong ngày' });
    for (const [label, amount, count, status, statusLabel] of [
      ['Đã khớp đơn', '1.200.000 VNĐ', '8 giao dịch', 'matched', 'Đã khớp đơn'],
      ['Đã gán vào đơn', '300.000 VNĐ', '2 giao dịch', 'attached', 'Đã gán vào đơn'],
      ['Chưa khớp', '450.000 VNĐ', '3 giao dịch', 'unmatched', 'Chưa khớp'],
      ['Không đọc được', '50.000 VNĐ', '1 giao dịch', 'invalid', 'Không đọc được'],
      ['Bỏ qua (tiền ra, tài khoản khác)', '75.000 VNĐ', '2 giao dịch', 'ignored', 'Bỏ qua'],
      ['Trùng giao dịch (không tính)', '120.000 VNĐ', '1 giao dịch', 'duplicate', 'Trùng giao dịch'],
    ] as const) {
      const card = within(figure(transfers, label));
      expect(card.getByText(amount)).toBeInTheDocument();
      expect(card.getByText(count)).toBeInTheDocument();
      expect(card.getByRole('link', { name: `Xem giao dịch '${statusLabel}'` })).toHaveAttribute('href', `/admin/transfers?status=${status}`);
    }

    const manual = screen.getByRole('region', { name: 'Nhân viên nhập tay' });
    expect(within(figure(manual, 'Chưa xác thực (ngoài phép cân đối)')).getByText('90.000 VNĐ')).toBeInTheDocument();
    expect(within(figure(manual, 'Đã xác thực trong ngày')).getByText('60.000 VNĐ')).toBeInTheDocument();
    const refunds = screen.getByRole('region', { name: 'Hoàn tiền' });
    expect(within(figure(refunds, 'Cần hoàn (mọi ngày)')).getByText('510.000 VNĐ')).toBeInTheDocument();
    expect(within(figure(refunds, 'Đã hoàn trong ngày')).getByText('40.000 VNĐ')).toBeInTheDocument();
    const orders = screen.getByRole('region', { name: 'Đơn chuyển khoản' });
    expect(within(figure(orders, 'Đã thanh toán')).getByText('11 đơn')).toBeInTheDocument();
    expect(within(figure(orders, 'Hết hạn chưa thanh toán')).getByText('2 đơn')).toBeInTheDocument();
    expect(within(figure(orders, 'Đã hoàn tiền')).getByText('1 đơn')).toBeInTheDocument();
    const coins = screen.getByRole('region', { name: 'Coin' });
    expect(within(figure(coins, 'Đã tặng')).getByText('1.500 coin')).toBeInTheDocument();
    expect(within(figure(coins, 'Bồi thường trễ hạn')).getByText('200 coin')).toBeInTheDocument();
    expect(within(figure(coins, 'Điều chỉnh')).getByText('-50 coin')).toBeInTheDocument();

    await user.click(within(transfers).getByRole('link', { name: "Xem giao dịch 'Không đọc được'" }));
    await waitFor(() => expect(location().pathname).toBe('/admin/transfers'));
    expect(location().search).toBe('?status=invalid');
  });

  it('reads another day, picked or stepped to, kept in the address, and says by how much the books are off', async () => {
    const { net, user, location } = await openPage('/admin/report?day=2025-03-14', {
      [REPORT]: json(dayReport({ balanced: false, difference_vnd: 50_000, invalid_vnd: 0 })),
    });

    expect(await screen.findByText('Lệch 50.000 VNĐ', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('Sổ sách khớp')).not.toBeInTheDocument();
    expect(reportPaths(net)).toEqual(['/payment/api/v1/admin/report?day=2025-03-14']);

    await user.click(screen.getByRole('button', { name: 'Ngày trước' }));
    await waitFor(() => expect(reportPaths(net).at(-1)).toBe('/payment/api/v1/admin/report?day=2025-03-13'));
    expect(location().search).toBe('?day=2025-03-13');
    await user.click(screen.getByRole('button', { name: 'Ngày sau' }));
    await waitFor(() => expect(location().search).toBe('?day=2025-03-14'));

    // The date field (the browser's own picker): a whole date is read at once.
    fireEvent.change(screen.getByLabelText('Ngày'), { target: { value: '2025-02-28' } });
    await waitFor(() => expect(reportPaths(net).at(-1)).toBe('/payment/api/v1/admin/report?day=2025-02-28'));
    expect(screen.getByText('Ngày 28/02/2025 (giờ Việt Nam), giao dịch tính theo giờ của ngân hàng.')).toBeInTheDocument();
  });

  it("downloads the day's CSV files with the session's credentials, and says when the API refuses", async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs: a URL class that has them, for this test (the setup unstubs it after).
    const created = vi.fn((_blob: Blob) => 'blob:tep-csv');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = created;
        static override revokeObjectURL = vi.fn();
      },
    );
    const csv = new Response('\uFEFFMã giao dịch,Nguồn\n92704,webhook\n', {
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="transfers-2025-03-14.csv"' },
    });
    const { net, user } = await openPage('/admin/report?day=2025-03-14', {
      'GET /payment/api/v1/admin/export/transfers.csv': csv,
      'GET /payment/api/v1/admin/export/ledger.csv': apiError(403, 'FORBIDDEN', 'Chỉ chủ shop được tải tệp này'),
    });
    const files = screen.getByRole('region', { name: 'Tệp cho kế toán' });

    await user.click(within(files).getByRole('button', { name: 'Tải giao dịch (CSV)' }));
    await waitFor(() => expect(clicked).toEqual(['transfers-2025-03-14.csv']));
    const sent = net.sent('GET /payment/api/v1/admin/export/transfers.csv?from=2025-03-14&to=2025-03-14');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBeTruthy();
    expect(await created.mock.calls[0]![0].text()).toContain('92704,webhook');

    await user.click(within(files).getByRole('button', { name: 'Tải sổ coin (CSV)' }));
    expect(await screen.findByText('Chỉ chủ shop được tải tệp này')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
  });
});
