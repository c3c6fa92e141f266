import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { sseMessage, sseRoute } from '../../../test/sse-stub';
import { testOrder } from '../../../test/test-order';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const PAY_QR = '00020101021238570010A00000072701270006970436011301234567890208QRIBFTTA5303704540613900058 02VN62160812LS250315ABCD6304ABCD';
const detail = (id: string) => `GET /order/api/v1/order/${id}`;

/** Opens the detail page the way the app does: from the list, with the order in navigation state. */
async function openWithState(order: ReturnType<typeof testOrder>) {
  signInAs();
  const net = stubFetch({});
  const view = renderApp('/');
  await view.navigate(`/gameorder/${order.id}`, { state: { order } });
  await screen.findByRole('heading', { name: 'Chi tiết đơn hàng' });
  return { ...view, net };
}

/**
 * The dark modules of a QR drawn as SVG (the second path's runs, `M{x} {y}h{length}…` or `M{x},{y} h{length}…`):
 * what decides which QR a scanner reads, whatever the path's spelling.
 */
function modules(svg: Element | null): string[] {
  const d = svg?.querySelectorAll('path')[1]?.getAttribute('d') ?? '';
  const cells: string[] = [];
  for (const [, x, y, length] of d.matchAll(/M(\d+)[ ,](\d+) ?h(\d+)v1H\d+z/g)) {
    for (let i = 0; i < Number(length); i++) cells.push(`${Number(x) + i},${y}`);
  }
  return cells.sort();
}

describe('/gameorder/:id', () => {
  it('shows the code, status, payment method, one line per item, totals and the admin reply', async () => {
    const order = testOrder({ status: 2, result_comment: 'Đã nạp xong, cảm ơn bạn!' });
    const { net } = await openWithState(order);

    expect(screen.getByText('Mã đơn:', { exact: false })).toHaveTextContent('Mã đơn: LS250315ABCD');
    expect(screen.getByText('Đã hoàn thành')).toBeInTheDocument();
    expect(screen.getByText('Bằng chuyển khoản')).toBeInTheDocument();
    const lines = within(screen.getByRole('table', { name: 'Sản phẩm trong đơn' })).getAllByRole('row').slice(1);
    expect(lines.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Gói 60 kim cương', '2', '20.000 VNĐ', '200'],
      ['Thẻ tháng', '1', '99.000 VNĐ', '990'],
    ]);
    expect(screen.getByText('139.000 VNĐ')).toBeInTheDocument();
    const reply = screen.getByRole('region', { name: 'Admin phản hồi' });
    expect(reply).toHaveTextContent('Đã nạp xong, cảm ơn bạn!');
    // It came with the navigation: nothing fetched.
    expect(net.sent(detail(order.id))).toHaveLength(0);
  });

  it('shows an open order’s own due time, and that an unpaid bank order’s promise starts with its payment', async () => {
    const coin = testOrder({ status: 0, pay_method: 0, due_at: '2026-11-26T09:00:00.000Z' });
    const { unmount } = await openWithState(coin);
    expect(screen.getByText('Hạn hoàn thành').nextElementSibling).toHaveTextContent('Hoàn thành trước 16:00 26/11/2026');
    unmount();

    await openWithState(testOrder({ status: 0, pay_method: 1, due_at: '2026-11-26T09:00:00.000Z' }));
    expect(screen.getByText('Hạn hoàn thành').nextElementSibling).toHaveTextContent(
      'Thời hạn hoàn thành được tính từ lúc shop nhận được tiền chuyển khoản.',
    );
  });

  it('shows no due time once the order is finished', async () => {
    await openWithState(testOrder({ status: 2 }));
    expect(screen.queryByText('Hạn hoàn thành')).not.toBeInTheDocument();
  });

  it('shows the QR of pay_qr_code (size 256, level L) with the transfer details for a pending bank order', async () => {
    const order = testOrder({ status: 0, pay_method: 1, pay_qr_code: PAY_QR });
    const { user } = await openWithState(order);

    const block = screen.getByRole('region', { name: 'Thanh toán chuyển khoản' });
    const qr = await within(block).findByRole('img', { name: 'Mã QR chuyển khoản cho đơn LS250315ABCD' });
    expect(qr).toHaveAttribute('width', '256');
    // The same code as an independent encoder draws for level L: the one the page used before.
    const reference = render(<QRCodeSVG value={PAY_QR} size={256} level="L" />).container.querySelector('svg');
    expect(modules(qr).length).toBeGreaterThan(100);
    expect(modules(qr)).toEqual(modules(reference));
    const other = render(<QRCodeSVG value={`${PAY_QR}X`} size={256} level="L" />).container.querySelector('svg');
    expect(modules(qr)).not.toEqual(modules(other));

    expect(within(block).getByText('Vietcombank')).toBeInTheDocument();
    expect(within(block).getByText('CONG TY LUCKY SHOP')).toBeInTheDocument();
    expect(within(block).getByText('0123456789')).toBeInTheDocument();
    expect(within(block).getByText('139.000 VNĐ')).toBeInTheDocument();
    expect(within(block).getByText(/sau 5 phút.*'Đang chờ duyệt'.*liên hệ hỗ trợ/)).toBeInTheDocument();

    await user.click(within(block).getByRole('button', { name: 'Sao chép nội dung chuyển khoản' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Đã sao chép nội dung chuyển khoản');
    await expect(navigator.clipboard.readText()).resolves.toBe('LS250315ABCD');
    expect(screen.queryByRole('region', { name: 'Ảnh kết quả' })).not.toBeInTheDocument();
  });

  it('lists the banking apps once asked, each opening this order’s transfer', async () => {
    const order = testOrder({ status: 0, pay_method: 1, pay_qr_code: PAY_QR });
    const { user } = await openWithState(order);
    const block = screen.getByRole('region', { name: 'Thanh toán chuyển khoản' });
    // Closed, the list is not even on the page (nor its badges' requests).
    expect(within(block).queryByRole('link', { name: /MB Bank/ })).not.toBeInTheDocument();

    await user.click(within(block).getByText('Mở ứng dụng ngân hàng'));
    const app = await within(block).findByRole('link', { name: /MB Bank/ });
    const url = new URL(app.getAttribute('href')!);
    expect(url.searchParams.get('am')).toBe(String(order.total_price));
    expect(url.searchParams.get('tn')).toBe(order.code);
    expect(block).toHaveTextContent(`dán nội dung ${order.code}`);
  });

  it("shows the shop's static QR when the order has no pay_qr_code", async () => {
    await openWithState(testOrder({ status: 0, pay_method: 1, pay_qr_code: '' }));
    const block = screen.getByRole('region', { name: 'Thanh toán chuyển khoản' });
    const image = within(block).getByRole('img', { name: /Mã QR tài khoản Vietcombank 0123456789/ });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('width', '256');
    expect(image.getAttribute('src')).toMatch(/static-bank-qr.*\.svg/);
  });

  it('tells a pending coin order how to follow it, without any QR', async () => {
    await openWithState(testOrder({ status: 0, pay_method: 0, total_gift_coin: 0 }));
    expect(screen.getByText('Bằng đổi coin')).toBeInTheDocument();
    const tracking = screen.getByRole('region', { name: 'Theo dõi đơn hàng' });
    expect(tracking).toHaveTextContent(/Đơn hàng của bạn đã được ghi nhận/);
    expect(tracking).toHaveTextContent("Nếu sau 5 phút đơn hàng vẫn ở trạng thái 'Đang chờ duyệt', vui lòng liên hệ hỗ trợ của shop.");
    expect(screen.queryByRole('region', { name: 'Thanh toán chuyển khoản' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Mã QR/ })).not.toBeInTheDocument();
  });

  it('shows the result pictures, each opening full size in a new tab', async () => {
    const pictures = ['a'.repeat(64), 'b'.repeat(64)];
    await openWithState(testOrder({ status: 2, result_picture: pictures }));
    const results = screen.getByRole('region', { name: 'Ảnh kết quả' });
    const links = within(results).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(pictures.map((id) => `/storage/api/v1/storage/file/${id}`));
    for (const link of links) expect(link).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAccessibleName('Ảnh kết quả 1 (mở trong thẻ mới)');
    expect(links[0]!.querySelector('img')).toHaveAttribute('width', '200');
  });

  it('says so when a finished order has no result pictures', async () => {
    await openWithState(testOrder({ status: 3 }));
    expect(screen.getByRole('region', { name: 'Ảnh kết quả' })).toHaveTextContent('Chưa có ảnh kết quả.');
  });

  it('fetches the order after a reload, and goes to the list through the home page', async () => {
    signInAs();
    const order = testOrder({ status: 2 });
    stubFetch({ [detail(order.id)]: json(order), 'GET /order/api/v1/order/list?page=1&limit=10': json({ rows: [order], total: 1 }) });
    const { user, location, navigate } = renderApp(`/gameorder/${order.id}`);

    expect(await screen.findByText('Mã đơn:', { exact: false })).toHaveTextContent('LS250315ABCD');
    await user.click(screen.getByRole('button', { name: 'Xem danh sách đơn hàng' }));
    await waitFor(() => expect(location().pathname).toBe('/gameorder'));
    await navigate(-1);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('says the order was not found for an unknown id', async () => {
    signInAs();
    stubFetch({ [detail('khong-co')]: apiError(404, 'NOT_FOUND', 'Không tìm thấy đơn hàng') });
    renderApp('/gameorder/khong-co');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy đơn hàng' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Xem danh sách đơn hàng' })).toHaveAttribute('href', '/gameorder');
  });

  it('turns the transfer details into the paid notice, then shows the reply, as live events arrive', async () => {
    signInAs();
    const order = testOrder({ status: 0, pay_method: 1, pay_qr_code: PAY_QR });
    const events = sseRoute();
    const header = {
      bank: 'GET /bank/api/v1/bank',
      pending: 'GET /order/api/v1/order/count-pending-coin',
      count: 'GET /order/api/v1/order/count',
    };
    const net = stubFetch({
      'GET /order/api/v1/order/events': events.reply,
      [detail(order.id)]: json(order),
      [header.bank]: json({ total: 0 }),
      [header.pending]: json(0),
      [header.count]: json(1),
    });
    renderApp(`/gameorder/${order.id}`);

    const transfer = await screen.findByRole('region', { name: 'Thanh toán chuyển khoản' });
    expect(await within(transfer).findByRole('img', { name: /Mã QR chuyển khoản/ })).toBeInTheDocument();
    await waitFor(() => expect(events.connections).toHaveLength(1));
    await waitFor(() => expect(net.sent(header.bank)).toHaveLength(1));
    const asked = () => Object.values(header).map((route) => net.sent(route).length);
    expect(asked()).toEqual([1, 1, 1]);

    events.latest().send(sseMessage('order', { ...order, status: 1 }, 1));

    expect(
      await screen.findByText('Shop đã nhận được tiền chuyển khoản. Đơn hàng đang được xử lý.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Thanh toán chuyển khoản' })).not.toHaveTextContent(/0123456789/);
    expect(screen.queryByRole('img', { name: /Mã QR/ })).not.toBeInTheDocument();
    expect(screen.getByText('Đang xử lý')).toBeInTheDocument();
    expect(screen.getByText("Đơn hàng đã chuyển sang trạng thái 'Đang xử lý'.")).toHaveAttribute('aria-live', 'polite');
    // The header's balance and badge follow: their queries are asked again.
    await waitFor(() => expect(asked()).toEqual([2, 2, 2]));

    const picture = 'c'.repeat(64);
    events
      .latest()
      .send(sseMessage('order', { ...order, status: 2, result_comment: 'Đã nạp xong!', result_picture: [picture] }, 2));

    expect(await screen.findByText('Đã hoàn thành')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Admin phản hồi' })).toHaveTextContent('Đã nạp xong!');
    expect(within(screen.getByRole('region', { name: 'Ảnh kết quả' })).getByRole('link')).toHaveAttribute(
      'href',
      `/storage/api/v1/storage/file/${picture}`,
    );
    expect(screen.queryByRole('region', { name: 'Thanh toán chuyển khoản' })).not.toBeInTheDocument();
    // Everything came with the events: the order was fetched once, on opening.
    expect(net.sent(detail(order.id))).toHaveLength(1);
  });
});
