import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, inTurn, json } from '../../../test/fetch-stub';
import {
  FIRST_RENDER,
  loadTransfersChunks,
  openTransfersPage,
  ORDER_ID,
  stubAdminApi,
  TRANSFER_ID,
  TRANSFER_LIST,
  transferRow,
} from '../../../test/admin-fixtures';

beforeAll(loadTransfersChunks);

const LIST = TRANSFER_LIST;
const ATTACH = `POST /payment/api/v1/admin/transfer/${TRANSFER_ID}/attach`;
const REFUND = `POST /payment/api/v1/admin/transfer/${TRANSFER_ID}/refund`;

const unmatched = transferRow();
const matched = transferRow({
  id: '11111111-1111-4111-8111-111111111111',
  amount_vnd: 50_000,
  content: 'LS240001 nap game',
  status: 'matched',
  reason: '',
  order_id: ORDER_ID,
  order_code: 'LS240001',
  excess_vnd: 10_000,
});
const outgoing = transferRow({
  id: '22222222-2222-4222-8222-222222222222',
  direction: 'out',
  amount_vnd: 20_000,
  content: 'Phi dich vu',
  status: 'ignored',
  reason: 'outgoing',
});

const listPaths = (net: ReturnType<typeof stubAdminApi>) =>
  net.requests.filter((request) => request.path.startsWith('/payment/api/v1/admin/transfer/list')).map((r) => r.path);

async function openPage(routes: Parameters<typeof stubAdminApi>[0] = {}) {
  return openTransfersPage([unmatched, matched, outgoing], routes);
}

async function openDialog(routes: Parameters<typeof stubAdminApi>[0], button: RegExp, title: string) {
  const view = await openPage(routes);
  const table = await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
  const row = within(table).getAllByRole('row')[1]!;
  await view.user.click(within(row).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...view, dialog };
}

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/transfers', { timeout: 20_000 }, () => {
  it("shows today's totals and each transfer with its status, reason, order and excess", async () => {
    const { user, location } = await openPage();

    const table = await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
    expect(screen.getByRole('link', { name: 'Giao dịch ngân hàng' })).toHaveAttribute('aria-current', 'page');

    const totals = screen.getByRole('region', { name: /Đối soát hôm nay/ });
    expect(within(totals).getByText('1.250.000 VNĐ')).toBeInTheDocument();
    expect(within(totals).getByText('12 giao dịch')).toBeInTheDocument();
    expect(within(totals).getByText('150.000 VNĐ')).toBeInTheDocument();
    expect(within(totals).getByText('210.000 VNĐ')).toBeInTheDocument();
    expect(within(totals).getByText('3 khoản')).toBeInTheDocument();

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    expect(within(rows[0]!).getByText('Chưa khớp')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Nội dung không có mã đơn')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('NGUYEN VAN AN chuyen tien nap game')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('SePay')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /^Gán vào đơn/ })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /^Đã hoàn tiền/ })).toBeInTheDocument();

    expect(within(rows[1]!).getByText('Đã khớp đơn')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('10.000 VNĐ')).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();

    expect(within(rows[2]!).getByText('Bỏ qua')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Tiền chuyển đi')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('−20.000 VNĐ (chuyển đi)')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('link', { name: 'LS240001' }));
    await waitFor(() => expect(location().pathname).toBe(`/admin/orders/${ORDER_ID}`));
  });

  it('sends the status filter and the search, keeping them in the address', async () => {
    const { user, net, location } = await openPage();

    await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
    expect(listPaths(net)[0]).toBe('/payment/api/v1/admin/transfer/list?page=1&limit=20');

    await user.click(screen.getByRole('tab', { name: 'Chưa khớp' }));
    await waitFor(() =>
      expect(listPaths(net).at(-1)).toBe('/payment/api/v1/admin/transfer/list?status=unmatched&page=1&limit=20'),
    );
    expect(location().search).toBe('?status=unmatched');
    expect(screen.getByRole('tab', { name: 'Chưa khớp' })).toHaveAttribute('aria-selected', 'true');

    await user.type(screen.getByRole('searchbox', { name: /Tìm theo nội dung/ }), '50000');
    await waitFor(() =>
      expect(listPaths(net).at(-1)).toBe('/payment/api/v1/admin/transfer/list?status=unmatched&q=50000&page=1&limit=20'),
    );

    await user.click(screen.getByRole('tab', { name: 'Tất cả' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toBe('/payment/api/v1/admin/transfer/list?q=50000&page=1&limit=20'));
  });

  it('attaches to an order, asking for an explicit confirmation when the transfer is short', async () => {
    const short = 'Giao dịch (50.000 VNĐ) ít hơn tổng tiền đơn (60.000 VNĐ). Hãy xác nhận nếu vẫn muốn gán vào đơn này.';
    const { user, net, dialog } = await openDialog(
      {
        [ATTACH]: inTurn(
          apiError(409, 'TRANSFER_SHORT', short),
          json({ ...unmatched, status: 'attached', reason: '', order_id: ORDER_ID, order_code: 'LS240001' }),
        ),
      },
      /^Gán vào đơn/,
      'Gán giao dịch vào đơn',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    expect(within(dialog).getByText('Vui lòng nhập mã đơn hàng')).toBeInTheDocument();
    expect(net.sent(ATTACH)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Mã đơn hàng/ }), ' ls240001 ');
    await user.type(within(dialog).getByRole('textbox', { name: /Ghi chú/ }), 'Khách ghi sai nội dung');
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));

    await waitFor(() =>
      expect(net.sent(ATTACH)[0]?.body).toEqual({
        order_code: 'LS240001',
        accept_short: false,
        note: 'Khách ghi sai nội dung',
      }),
    );
    // The API's explanation is a question in the dialog, not an error toast.
    expect(await within(dialog).findByText(short)).toBeInTheDocument();
    expect(screen.getAllByText(short)).toHaveLength(1);
    const confirm = within(dialog).getByRole('checkbox', { name: 'Xác nhận gán dù chuyển thiếu' });
    expect(confirm).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));
    expect(
      within(dialog).getByText('Hãy đánh dấu xác nhận nếu vẫn muốn gán giao dịch vào đơn này'),
    ).toBeInTheDocument();
    expect(net.sent(ATTACH)).toHaveLength(1);

    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));

    await waitFor(() =>
      expect(net.sent(ATTACH)[1]?.body).toEqual({
        order_code: 'LS240001',
        accept_short: true,
        note: 'Khách ghi sai nội dung',
      }),
    );
    expect(await screen.findByText('Đã gán giao dịch 50.000 VNĐ vào đơn LS240001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gán giao dịch vào đơn' })).not.toBeInTheDocument());
  });

  it("shows the API's other refusals as an error and keeps the dialog open", async () => {
    const message = 'Không tìm thấy đơn hàng';
    const { user, dialog } = await openDialog(
      { [ATTACH]: apiError(404, 'NOT_FOUND', message) },
      /^Gán vào đơn/,
      'Gán giao dịch vào đơn',
    );

    await user.type(within(dialog).getByRole('textbox', { name: /Mã đơn hàng/ }), 'LS999999');
    await user.click(within(dialog).getByRole('button', { name: 'Gán vào đơn' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Gán giao dịch vào đơn' })).toBeInTheDocument();
  });

  it('records a refund with its note', async () => {
    const { user, net, dialog } = await openDialog(
      { [REFUND]: json({ ...unmatched, status: 'refunded', reason: '' }) },
      /^Đã hoàn tiền/,
      'Ghi nhận đã hoàn tiền',
    );

    await user.type(within(dialog).getByRole('textbox', { name: /Ghi chú/ }), 'Đã chuyển trả, mã FT25074999');
    await user.click(within(dialog).getByRole('button', { name: 'Đã hoàn tiền' }));

    await waitFor(() => expect(net.sent(REFUND)[0]?.body).toEqual({ note: 'Đã chuyển trả, mã FT25074999' }));
    expect(await screen.findByText('Đã ghi nhận hoàn tiền giao dịch 50.000 VNĐ')).toBeInTheDocument();
  });

  it('names the newer statuses, points a second report at the first, and reads an unreadable notification again', async () => {
    const first = transferRow({ id: '33333333-3333-4333-8333-333333333333', status: 'matched', reason: '', order_id: ORDER_ID, order_code: 'LS240001', provider: 'sepay' });
    const second = transferRow({ id: '44444444-4444-4444-8444-444444444444', status: 'duplicate', reason: '', provider: 'casso', duplicate_of: first.id });
    // Its first report is on another page: the link searches the list by the reference they share.
    const older = transferRow({ id: '55555555-5555-4555-8555-555555555555', status: 'duplicate', reason: '', provider: 'casso', reference: 'FT25070000001', duplicate_of: '99999999-9999-4999-8999-999999999999' });
    const invalid = transferRow({ id: '66666666-6666-4666-8666-666666666666', status: 'invalid', reason: 'data.0.amount', content: '', reference: '', amount_vnd: 0 });
    const manual = transferRow({ id: '77777777-7777-4777-8777-777777777777', status: 'manual', reason: '', provider: 'manual', source: 'manual', order_id: ORDER_ID, order_code: 'LS240002' });
    const verified = transferRow({ id: '88888888-8888-4888-8888-888888888888', status: 'verified', reason: '', provider: 'manual', source: 'manual' });
    const RETRY = `POST /payment/api/v1/admin/transfer/${invalid.id}/retry`;
    const { user, net, location } = await openPage({
      [LIST]: json({ rows: [first, second, older, invalid, manual, verified], total: 6 }),
      [RETRY]: json({ ...invalid, status: 'unmatched', reason: 'no_code' }),
    });

    const table = await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1]!).getByText('Trùng giao dịch')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Giao dịch gốc 33333333' })).toHaveAttribute('href', `#giao-dich-${first.id}`);
    expect(rows[0]).toHaveAttribute('id', `giao-dich-${first.id}`);
    expect(within(rows[3]!).getByText('Không đọc được')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Trường không đọc được: data.0.amount')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Nhập tay, chưa xác thực')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('nhập tay')).toBeInTheDocument();
    expect(within(rows[5]!).getByText('Nhập tay, đã xác thực')).toBeInTheDocument();

    await user.click(within(rows[3]!).getByRole('button', { name: /^Đọc lại: giao dịch 0 VNĐ/ }));
    await waitFor(() => expect(net.sent(RETRY)).toHaveLength(1));
    expect(await screen.findByText('Đã đọc lại giao dịch: Chưa khớp')).toBeInTheDocument();

    await user.click(within(rows[2]!).getByRole('link', { name: 'Giao dịch gốc 99999999' }));
    await waitFor(() => expect(location().search).toBe('?q=FT25070000001'));
    await waitFor(() => expect(listPaths(net).at(-1)).toBe('/payment/api/v1/admin/transfer/list?q=FT25070000001&page=1&limit=20'));
  });

  it('filters by each of the newer statuses', async () => {
    const { user, net, location } = await openPage();
    await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
    for (const [label, status] of [
      ['Không đọc được', 'invalid'],
      ['Trùng giao dịch', 'duplicate'],
      ['Nhập tay, chưa xác thực', 'manual'],
      ['Nhập tay, đã xác thực', 'verified'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: label }));
      await waitFor(() =>
        expect(listPaths(net).at(-1)).toBe(`/payment/api/v1/admin/transfer/list?status=${status}&page=1&limit=20`),
      );
      expect(location().search).toBe(`?status=${status}`);
    }
  });

  it("says when the list could not load, and loads it again on 'Thử lại'", async () => {
    const { user } = await openPage({
      [LIST]: inTurn(apiError(400, 'BAD_REQUEST', 'Yêu cầu không hợp lệ'), json({ rows: [unmatched], total: 1 })),
    });

    const failed = await screen.findByText('Không tải được danh sách giao dịch.', {}, FIRST_RENDER);
    await user.click(within(failed.parentElement!).getByRole('button', { name: 'Thử lại' }));

    const table = await screen.findByRole('table', { name: 'Giao dịch ngân hàng' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('says when there is nothing to show', async () => {
    await openPage({ [LIST]: json({ rows: [], total: 0 }) });

    expect(await screen.findByText('Chưa nhận được giao dịch ngân hàng nào.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
