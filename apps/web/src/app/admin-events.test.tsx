import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FIRST_RENDER,
  loadTransfersChunks,
  openTransfersPage,
  orderRow,
  stubAdminApi,
  TRANSFER_TOTALS,
  transferRow,
} from '../test/admin-fixtures';
import { inTurn, json, type Reply } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { sseMessage, sseRoute } from '../test/sse-stub';

const EVENTS = 'GET /order/api/v1/admin/order/events';
const LIST = 'GET /order/api/v1/admin/order/list';
const TOTALS = TRANSFER_TOTALS;

const waiting = orderRow({ id: '11111111-1111-4111-8111-111111111111', code: 'LS-CU', status: 1 });
const fresh = orderRow({
  id: '22222222-2222-4222-8222-222222222222',
  code: 'LS-MOI',
  status: 1,
  total_price: 125_000,
  customer_email: 'binh@example.com',
});

/** Stands in for the browser's notifications, allowed by the admin. */
function grantNotifications() {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = vi.fn(async () => FakeNotification.permission);
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

beforeAll(loadTransfersChunks);

/** Signed in as an admin, the order queue answering `list`, with its live stream stubbed. */
function openLiveQueue(list: Reply) {
  signInAs();
  const events = sseRoute();
  const net = stubAdminApi({ [EVENTS]: events.reply, [LIST]: list });
  renderApp('/admin/orders');
  return { events, net };
}

/** Signed in as an admin, the bank transfers page with no transfers, with its live stream stubbed. */
function openLiveTransfers(routes: Parameters<typeof stubAdminApi>[0] = {}) {
  const events = sseRoute();
  const { net } = openTransfersPage([], { [EVENTS]: events.reply, ...routes });
  return { events, net };
}

// Whole-app renders with MUI tables in jsdom take seconds on a small machine.
describe('the console, live', { timeout: 20_000 }, () => {
  it('puts a newly paid order in the queue without a reload, with a toast and a browser notification', async () => {
    const shown = grantNotifications();
    const { events, net } = openLiveQueue(
      inTurn(json({ rows: [waiting], total: 1 }), json({ rows: [fresh, waiting], total: 2 })),
    );

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    await waitFor(() => expect(events.connections).toHaveLength(1));
    expect(events.latest().request.headers).toMatchObject({ authorization: 'access-1', accept: 'text/event-stream' });

    events.latest().send(sseMessage('order', { cause: 'paid', order: fresh }, 31));

    expect(await within(table).findByRole('link', { name: 'LS-MOI' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(await screen.findByRole('status')).toHaveTextContent('Đơn LS-MOI đã được thanh toán 125.000 VNĐ');
    expect(shown).toEqual([
      { title: 'Lucky Shop – Quản trị', body: 'Đơn LS-MOI đã được thanh toán 125.000 VNĐ', tag: fresh.id },
    ]);
    expect(net.requests.filter((r) => r.path.startsWith('/order/api/v1/admin/order/list'))).toHaveLength(2);
  });

  it("fetches the queue again on a 'reload' event: more was missed than the server replays", async () => {
    const { events, net } = openLiveQueue(
      inTurn(json({ rows: [waiting], total: 1 }), json({ rows: [fresh, waiting], total: 2 })),
    );

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    await waitFor(() => expect(events.connections).toHaveLength(1));
    events.latest().send('id: 900\nevent: reload\ndata: {}\n\n');

    expect(await within(table).findByRole('link', { name: 'LS-MOI' })).toBeInTheDocument();
    expect(net.requests.filter((r) => r.path.startsWith('/order/api/v1/admin/order/list'))).toHaveLength(2);
  });

  it('changes a row on screen at once, and raises nothing for a move staff made', async () => {
    const shown = grantNotifications();
    const done = { ...waiting, status: 2 };
    // The queue's refetch after the event is held back: what shows meanwhile is the patched row.
    let answerRefetch!: () => void;
    const refetched = new Promise<Response>((resolve) => {
      answerRefetch = () => resolve(json({ rows: [done], total: 1 }));
    });
    const { events } = openLiveQueue(inTurn(json({ rows: [waiting], total: 1 }), () => refetched));

    const table = await screen.findByRole('table', { name: 'Đơn hàng' }, FIRST_RENDER);
    expect(within(table).getByText('Đang xử lý')).toBeInTheDocument();
    await waitFor(() => expect(events.connections).toHaveLength(1));

    events.latest().send(sseMessage('order', { cause: 'status', order: done }, 32));

    expect(await within(table).findByText('Đã hoàn thành')).toBeInTheDocument();
    answerRefetch();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(shown).toEqual([]);
  });

  it('tells staff about a new coin order', async () => {
    grantNotifications();
    const { events } = openLiveQueue(json({ rows: [], total: 0 }));

    await screen.findByText('Không có đơn hàng nào khớp bộ lọc.', {}, FIRST_RENDER);
    await waitFor(() => expect(events.connections).toHaveLength(1));
    const coins = { ...fresh, status: 0, pay_method: 0, total_coin: 1_250 };
    events.latest().send(sseMessage('order', { cause: 'placed', order: coins }, 33));

    expect(await screen.findByRole('status')).toHaveTextContent('Đơn mới LS-MOI thanh toán bằng coin (1.250 coin)');
  });

  it('refreshes the bank transfers page and raises the alert for a transfer that matched no order', async () => {
    const shown = grantNotifications();
    const { events, net } = openLiveTransfers();

    await waitFor(() => expect(net.sent(TOTALS)).toHaveLength(1), FIRST_RENDER);
    await waitFor(() => expect(events.connections).toHaveLength(1));
    events.latest().send(sseMessage('transfer', { cause: 'received', transfer: transferRow() }, 34));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Giao dịch 50.000 VNĐ chưa khớp đơn nào: Nội dung không có mã đơn',
    );
    await waitFor(() => expect(net.sent(TOTALS)).toHaveLength(2));
    expect(shown.map((n) => n.tag)).toEqual([transferRow().id]);
  });

  it('raises the alert when a bank feed’s pulls have failed for an hour, and shows the feed’s state again', async () => {
    const shown = grantNotifications();
    const failing = { provider: 'sepay', last_success_at: null, failing_since: '2025-03-15T01:00:00.000Z', last_error: 'SePay trả lỗi HTTP 503' };
    const FEEDS = 'GET /payment/api/v1/admin/reconcile';
    const { events, net } = openLiveTransfers({
      [FEEDS]: inTurn(
        json({ interval_seconds: 300, feeds: [{ ...failing, failing_since: null, last_error: '' }] }),
        json({ interval_seconds: 300, feeds: [failing] }),
      ),
    });

    await waitFor(() => expect(net.sent(FEEDS)).toHaveLength(1), FIRST_RENDER);
    await waitFor(() => expect(events.connections).toHaveLength(1));
    events.latest().send(sseMessage('feed', { cause: 'feed_failing', feed: failing }, 35));

    expect(await screen.findByRole('alert')).toHaveTextContent('Không đối soát được với SePay đã hơn 1 giờ: SePay trả lỗi HTTP 503');
    await waitFor(() => expect(net.sent(FEEDS)).toHaveLength(2));
    expect(await screen.findByText(/Không lấy được giao dịch từ SePay/)).toBeInTheDocument();
    expect(shown.map((n) => n.tag)).toEqual(['feed-sepay']);
  });

  it("offers 'Bật thông báo trình duyệt' until the admin answers", async () => {
    signInAs();
    const shown = grantNotifications();
    const browser = globalThis.Notification as unknown as {
      permission: NotificationPermission;
      requestPermission: ReturnType<typeof vi.fn>;
    };
    browser.permission = 'default';
    browser.requestPermission.mockImplementation(async () => {
      browser.permission = 'granted';
      return 'granted';
    });
    stubAdminApi({ [LIST]: json({ rows: [], total: 0 }) });
    const { user } = renderApp('/admin/orders');

    const button = await screen.findByRole('button', { name: 'Bật thông báo trình duyệt' }, FIRST_RENDER);
    await user.click(button);
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Bật thông báo trình duyệt' })).not.toBeInTheDocument(),
    );
    expect(shown).toEqual([]);
  });
});
