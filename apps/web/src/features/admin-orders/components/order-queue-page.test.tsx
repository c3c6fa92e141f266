import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { adminPlatform, orderRow, stubAdminApi, loadAdminChunks, FIRST_RENDER } from '../../../test/admin-fixtures';

const LIST = 'GET /order/api/v1/admin/order/list';
const PLATFORMS = 'GET /platform/api/v1/admin/platform';

const platform = adminPlatform({ id: 2, item_count: 3 });

const listPaths = (net: ReturnType<typeof stubAdminApi>) =>
  net.requests.filter((request) => request.path.startsWith('/order/api/v1/admin/order/list')).map((r) => r.path);

beforeAll(loadAdminChunks);

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/orders', { timeout: 20_000 }, () => {
  it('lists orders with their status labels, marks at-risk ones in words and opens an order', async () => {
    signInAs();
    const late = orderRow({
      id: '11111111-1111-4111-8111-111111111111',
      code: 'LS-LATE',
      status: 0,
      at_risk: true,
      due_at: '2020-01-01T09:00:00.000Z',
    });
    const soon = orderRow({
      id: '22222222-2222-4222-8222-222222222222',
      code: 'LS-SOON',
      status: 1,
      at_risk: true,
      due_at: '2999-01-01T09:00:00.000Z',
    });
    const done = orderRow({ id: '33333333-3333-4333-8333-333333333333', code: 'LS-DONE', status: 2 });
    stubAdminApi({ [LIST]: json({ rows: [late, soon, done], total: 3 }) });
    const { user, location } = renderApp('/admin/orders');

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Đang chờ duyệt')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Đã trễ hạn')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Đang xử lý')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sắp trễ hạn')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Đã hoàn thành')).toBeInTheDocument();
    expect(within(rows[2]!).queryByText(/trễ hạn/)).not.toBeInTheDocument();
    expect(within(rows[0]!).getByText('an@example.com')).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('link', { name: 'LS-SOON' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/orders/22222222-2222-4222-8222-222222222222'));
  });

  it('sends the status, payment, platform and search filters, keeping them in the address', async () => {
    signInAs();
    const net = stubAdminApi({ [LIST]: json({ rows: [orderRow()], total: 1 }), [PLATFORMS]: json([platform]) });
    const { user, location } = renderApp('/admin/orders');

    await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    expect(listPaths(net)[0]).toBe('/order/api/v1/admin/order/list?status=-1&page=1&limit=20');

    await user.click(screen.getByRole('tab', { name: 'Đang xử lý' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toBe('/order/api/v1/admin/order/list?status=1&page=1&limit=20'));

    await user.click(screen.getByRole('combobox', { name: 'Thanh toán' }));
    await user.click(await screen.findByRole('option', { name: 'Bằng đổi coin' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toContain('status=1&pay_method=0'));

    await user.click(screen.getByRole('combobox', { name: 'Trò chơi' }));
    await user.click(await screen.findByRole('option', { name: 'Liên Quân' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toContain('pay_method=0&platform_id=2'));

    await user.type(screen.getByRole('searchbox', { name: 'Tìm theo mã đơn, email hoặc tên' }), 'an@ex');
    await waitFor(() =>
      expect(listPaths(net).at(-1)).toBe(
        '/order/api/v1/admin/order/list?status=1&pay_method=0&platform_id=2&q=an%40ex&page=1&limit=20',
      ),
    );
    // Debounced: one request for the whole word, not one a keystroke.
    expect(listPaths(net).filter((path) => path.includes('q='))).toHaveLength(1);
    expect(location().search).toBe('?status=1&pay_method=0&platform_id=2&q=an%40ex');
  });

  it('marks an order paid only on staff\'s word "Chưa xác thực", explained on focus, and a refund owed by what was received', async () => {
    signInAs();
    const unverified = orderRow({ id: '44444444-4444-4444-8444-444444444444', code: 'LS-TAY', payment_unverified: true, received_vnd: 40_000 });
    const owed = orderRow({
      id: '55555555-5555-4555-8555-555555555555',
      code: 'LS-HOAN',
      status: 3,
      refund_status: 'due',
      received_vnd: 30_000,
      refund_vnd: 30_000,
    });
    const verified = orderRow({ id: '66666666-6666-4666-8666-666666666666', code: 'LS-NH', received_vnd: 40_000 });
    stubAdminApi({ [LIST]: json({ rows: [unverified, owed, verified], total: 3 }) });
    const { user } = renderApp('/admin/orders');

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    const marker = within(first!).getByText('Chưa xác thực');
    expect(within(second!).queryByText('Chưa xác thực')).not.toBeInTheDocument();
    expect(within(third!).queryByText('Chưa xác thực')).not.toBeInTheDocument();
    // Owed back: what was received (30.000), not the order's total (40.000).
    expect(within(second!).getByText('Cần hoàn 30.000 VNĐ')).toBeInTheDocument();
    expect(within(first!).queryByText(/Cần hoàn/)).not.toBeInTheDocument();

    // In the tab order with its explanation as its description (jsdom has no :focus-visible, which opens the
    // tooltip on keyboard focus in a browser); a pointer over it shows the explanation.
    const chip = marker.closest<HTMLElement>('[tabindex="0"]')!;
    expect(chip).toHaveAccessibleDescription(/chỉ theo xác nhận của nhân viên/);
    await user.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('chưa có ngân hàng nào báo khoản tiền này');
  });

  it('says so when no order matches', async () => {
    signInAs();
    stubAdminApi({ [LIST]: json({ rows: [], total: 0 }) });
    renderApp('/admin/orders?status=3');

    expect(await screen.findByText('Không có đơn hàng nào khớp bộ lọc.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Đã từ chối' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the at-risk orders the API filters (?risk=1), with their total and pages, and leaves the view on request', async () => {
    signInAs();
    const late = orderRow({ id: '44444444-4444-4444-8444-444444444444', code: 'LS-RISK1', at_risk: true, due_at: '2020-01-01T09:00:00.000Z' });
    const net = stubAdminApi({ [LIST]: json({ rows: [late], total: 25 }) });
    const { user, location } = renderApp('/admin/orders?risk=1');

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    expect(listPaths(net)[0]).toBe('/order/api/v1/admin/order/list?status=-1&at_risk=true&page=1&limit=20');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(screen.getByText('Đang xem các đơn sắp trễ hoặc đã trễ hạn xử lý.')).toBeInTheDocument();
    expect(screen.getByText('25 đơn sắp trễ hoặc đã trễ hạn')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Trang 2' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toBe('/order/api/v1/admin/order/list?status=-1&at_risk=true&page=2&limit=20'));
    expect(new URLSearchParams(location().search).get('risk')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Xem toàn bộ' }));
    await waitFor(() => expect(listPaths(net).at(-1)).toBe('/order/api/v1/admin/order/list?status=-1&page=1&limit=20'));
    expect(location().search).toBe('');
    expect(screen.queryByText('Đang xem các đơn sắp trễ hoặc đã trễ hạn xử lý.')).not.toBeInTheDocument();
  });

  it('says "Hơn 1.000 đơn" when the count stopped at its cap, and offers no last page it cannot know', async () => {
    signInAs();
    stubAdminApi({ [LIST]: json({ rows: [orderRow()], total: 1_001 }) });
    renderApp('/admin/orders');

    expect(await screen.findByText('Hơn 1.000 đơn', {}, FIRST_RENDER)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Phân trang' });
    expect(within(pages).getByRole('button', { name: 'Trang 2' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: /cuối/i })).not.toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: /đầu/i })).toBeInTheDocument();
  });
});
