import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inTurn, json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { sseMessage, sseRoute } from '../../../test/sse-stub';
import { testOrder } from '../../../test/test-order';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const list = (page: number) => `GET /order/api/v1/order/list?page=${page}&limit=10`;
const rows = (from: number, count: number, status = 2) =>
  Array.from({ length: count }, (_, index) =>
    testOrder({ id: `00000000-0000-4000-8000-${String(from + index).padStart(12, '0')}`, code: `LS${from + index}`, status }),
  );

describe('/gameorder', () => {
  it('sends an anonymous visitor to sign in', async () => {
    stubFetch({});
    const { location } = renderApp('/gameorder');
    await waitFor(() => expect(location().pathname).toBe('/signin'));
  });

  it('shows 10 orders a page with as many pages as the total needs, the page in the address', async () => {
    signInAs();
    const net = stubFetch({
      [list(1)]: json({ rows: rows(1, 10), total: 23 }),
      [list(2)]: json({ rows: rows(11, 10), total: 23 }),
    });
    const { user, location, navigate } = renderApp('/gameorder');

    expect(await screen.findByRole('heading', { name: 'Danh sách đơn hàng' })).toBeInTheDocument();
    const orders = await screen.findByRole('list', { name: 'Danh sách đơn hàng' });
    expect(within(orders).getAllByRole('article')).toHaveLength(10);
    const pagination = screen.getByRole('navigation', { name: 'Phân trang danh sách đơn hàng' });
    // 23 orders → 3 pages.
    expect(within(pagination).getByRole('link', { name: 'Trang 3' })).toBeInTheDocument();
    expect(within(pagination).queryByRole('link', { name: 'Trang 4' })).not.toBeInTheDocument();

    await user.click(within(pagination).getByRole('link', { name: 'Trang 2' }));
    await waitFor(() => expect(location().search).toBe('?page=2'));
    expect(await screen.findByText('LS11')).toBeInTheDocument();
    expect(net.sent(list(2))).toHaveLength(1);

    await navigate(-1);
    expect(await screen.findByText('LS1')).toBeInTheDocument();
  });

  it("opens an order with the order in state, except while it is 'Đang xử lý'", async () => {
    signInAs();
    const done = testOrder({ id: '00000000-0000-4000-8000-000000000001', code: 'LSDONE', status: 2 });
    const busy = testOrder({ id: '00000000-0000-4000-8000-000000000002', code: 'LSBUSY', status: 1 });
    stubFetch({ [list(1)]: json({ rows: [done, busy], total: 2 }) });
    const { user, location } = renderApp('/gameorder');

    const busyCard = (await screen.findByText('LSBUSY')).closest('article')!;
    expect(within(busyCard).getByText('Đang xử lý')).toBeInTheDocument();
    expect(within(busyCard).queryByRole('link')).not.toBeInTheDocument();
    expect(within(busyCard).getByText(/bạn xem được chi tiết khi đơn hoàn thành/)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: /^LSDONE Đã hoàn thành Rồng Lửa/ }));
    await waitFor(() => expect(location().pathname).toBe(`/gameorder/${done.id}`));
    expect(location().state).toEqual({ order: done });
  });

  it('says there are no orders yet and leads to the games', async () => {
    signInAs();
    stubFetch({ [list(1)]: json({ rows: [], total: 0 }) });
    renderApp('/gameorder');
    expect(await screen.findByText('Bạn chưa có đơn hàng nào')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lựa chọn trò chơi' })).toHaveAttribute('href', '/');
  });

  it('shows a live change on its card at once, and fetches the page again for a new order', async () => {
    signInAs();
    const [first] = rows(1, 1, 0);
    const fresh = testOrder({ id: '00000000-0000-4000-8000-000000000099', code: 'LSNEW', status: 0 });
    const events = sseRoute();
    const net = stubFetch({
      'GET /order/api/v1/order/events': events.reply,
      [list(1)]: inTurn(json({ rows: [first], total: 1 }), json({ rows: [fresh, { ...first, status: 1 }], total: 2 })),
    });
    renderApp('/gameorder');

    const card = (await screen.findByText('LS1')).closest('article')!;
    expect(within(card).getByText('Đang chờ duyệt')).toBeInTheDocument();
    await waitFor(() => expect(events.connections).toHaveLength(1));

    events.latest().send(sseMessage('order', { ...first, status: 1 }, 1));
    expect(await within(card).findByText('Đang xử lý')).toBeInTheDocument();
    expect(net.sent(list(1))).toHaveLength(1);

    events.latest().send(sseMessage('order', fresh, 2));
    expect(await screen.findByText('LSNEW')).toBeInTheDocument();
    expect(net.sent(list(1))).toHaveLength(2);
  });
});
