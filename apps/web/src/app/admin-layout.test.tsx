import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_USER, STAFF_USER, stubAdminApi, loadAdminChunks, FIRST_RENDER } from '../test/admin-fixtures';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';

const DASHBOARD = 'GET /order/api/v1/admin/dashboard';

beforeAll(loadAdminChunks);

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin access', { timeout: 20_000 }, () => {
  it('refuses a signed-in customer, in Vietnamese, without calling admin routes', async () => {
    signInAs();
    const net = stubAdminApi({}, CUSTOMER_USER);
    renderApp('/admin/orders');

    expect(await screen.findByRole('heading', { name: 'Bạn không có quyền truy cập trang này' }, FIRST_RENDER)).toBeInTheDocument();
    expect(net.requests.some((request) => request.path.includes('/admin/'))).toBe(false);
  });

  it('sends an anonymous visitor to /signin', async () => {
    stubFetch({});
    const { location } = renderApp('/admin');

    await waitFor(() => expect(location().pathname).toBe('/signin'), FIRST_RENDER);
    expect(screen.queryByText('Bạn không có quyền truy cập trang này')).not.toBeInTheDocument();
  });

  it("shows an admin today's figures and links the at-risk orders to the queue", async () => {
    signInAs();
    stubAdminApi({
      [DASHBOARD]: json({
        date: '2025-03-15',
        orders_today: { total: 9, pending: 2, processing: 3, completed: 3, rejected: 1 },
        revenue_vnd: 1_250_000,
        coins_issued: 500,
        coins_spent: 300,
        at_risk: 2,
        refunds_due: 0,
      }),
    });
    renderApp('/admin');

    expect(await screen.findByRole('heading', { name: 'Tổng quan hôm nay' })).toBeInTheDocument();
    expect(await screen.findByText('1.250.000 VNĐ', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem các đơn này' })).toHaveAttribute('href', '/admin/orders?risk=1');
    expect(screen.getByRole('navigation', { name: 'Quản trị' })).toBeInTheDocument();
  });
});

describe('/admin for staff: what the role cannot do is not offered', { timeout: 20_000 }, () => {
  it('shows staff the orders and the bank transfers only, and takes them from the dashboard to the orders', async () => {
    signInAs();
    const net = stubAdminApi({ 'GET /order/api/v1/admin/order/list?status=-1&page=1&limit=20': json({ rows: [], total: 0 }) }, STAFF_USER);
    const { location } = renderApp('/admin');

    await waitFor(() => expect(location().pathname).toBe('/admin/orders'), FIRST_RENDER);
    const nav = await screen.findByRole('navigation', { name: 'Quản trị' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Đơn hàng', 'Giao dịch ngân hàng']);
    // The day's figures are the owners': never asked for.
    expect(net.sent(DASHBOARD)).toHaveLength(0);
  });

  it.each(['/admin/catalog', '/admin/customers', '/admin/report'])('refuses staff at %s, without calling its routes', async (path) => {
    signInAs();
    const net = stubAdminApi({}, STAFF_USER);
    renderApp(path);

    expect(await screen.findByRole('heading', { name: 'Bạn không có quyền truy cập trang này' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Trang này chỉ dành cho chủ shop.')).toBeInTheDocument();
    const ownersCalls = ['/admin/user/', '/admin/store', '/admin/report', '/admin/export/'];
    expect(net.requests.some((request) => ownersCalls.some((part) => request.path.includes(part)))).toBe(false);
  });
});
