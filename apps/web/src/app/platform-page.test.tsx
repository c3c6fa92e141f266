import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order, Platform } from '@lucky/shared';
import { apiError, json, stubFetch, type Reply } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { testOrder } from '../test/test-order';
import { storeItem, uidGame } from '../test/shop-fixtures';

// Whole-app journeys in jsdom with MUI take seconds each on a small machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const PLATFORMS = 'GET /platform/api/v1/platform/list?keyword=&is_active=true';
const ITEMS = 'GET /store/api/v1/store/list?keyword=&store_platform=7';
const ORDER = 'POST /order/api/v1/order';

const loginGame: Platform = { ...uidGame, id: 8, name: 'Kiếm Thần', shop_config: { need_login: true, sale_picture: null } };

const created: Order = testOrder({
  stores: [{ store_id: 1, name: 'Gói 1', price: 20_000, coin: 200, gift_coin: 10, quantity: 2 }],
  total_price: 40_000,
  total_coin: 400,
  total_gift_coin: 20,
});

function shopApi(routes: Record<string, Reply> = {}, { total = 5_000, pending = 0 } = {}) {
  return stubFetch({
    [PLATFORMS]: json([uidGame, loginGame]),
    [ITEMS]: json([storeItem(1), storeItem(2), storeItem(3, { name: '', is_active: true })]),
    'GET /store/api/v1/store/list?keyword=&store_platform=8': json([storeItem(4, { platform_id: 8 })]),
    'GET /user/api/v1/user': json({ id: 'u1', name: 'An', picture: null, email: 'an@example.com', is_admin: false, role: null }),
    'GET /bank/api/v1/bank': json({ total }),
    'GET /order/api/v1/order/count-pending-coin': json(pending),
    'GET /order/api/v1/order/count': json(0),
    ...routes,
  });
}

const cart = () => screen.getByRole('region', { name: 'Giỏ hàng' });

type User = ReturnType<typeof renderApp>['user'];

/** Types a value in one go (a paste), which keeps these long journeys quick. */
async function enter(user: User, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

async function fillUidForm(user: User) {
  await enter(user, await screen.findByRole('textbox', { name: /Họ tên/ }), 'Nguyễn Văn An');
  await enter(user, screen.getByRole('textbox', { name: /Server/ }), 'S1');
  await enter(user, screen.getByRole('textbox', { name: /UID/ }), '123456');
}

describe('/item/:id, anonymous', () => {
  it('shows the platform, its items with both prices, and no order form', async () => {
    shopApi();
    renderApp('/item/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Rồng Lửa - nạp qua UID' })).toBeInTheDocument();
    expect(screen.getByText('Thời gian xử lý: không quá 10 phút')).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Gói 2' })).closest('article')!;
    expect(within(card).getByText('Mô tả gói 2')).toBeInTheDocument();
    expect(within(card).getByText('400 coin')).toBeInTheDocument();
    expect(within(card).getByText('Or')).toBeInTheDocument();
    expect(within(card).getByText('40.000 VNĐ')).toBeInTheDocument();
    expect(within(card).getByText('50.000 VNĐ').tagName).toBe('S');
    expect(card.querySelector('img')).toHaveAttribute('width', '320');
    expect(screen.getByRole('heading', { name: 'Item Name' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thông tin của bạn' })).not.toBeInTheDocument();
  });

  it("fetches the first item's picture first: high, the rest of the first screen low, after it lazily", async () => {
    shopApi({ [ITEMS]: json([1, 2, 3, 4, 5].map((id) => storeItem(id))) });
    renderApp('/item/7');

    await screen.findByRole('heading', { name: 'Gói 5' });
    const pictures = screen.getAllByRole('article').map((card) => card.querySelector('img')!);
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'low'],
      ['eager', 'low'],
      ['eager', 'low'],
      ['lazy', 'auto'],
    ]);
  });

  it("names a login platform's header after sign-in by account", async () => {
    shopApi();
    renderApp('/item/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kiếm Thần - nạp qua đăng nhập' })).toBeInTheDocument();
  });

  it("asks to sign in instead of adding to the cart; 'Để lúc khác' closes, 'Đăng nhập' goes to /signin", async () => {
    shopApi();
    const { user, location } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thông báo' });
    expect(dialog).toHaveTextContent('Bạn cần đăng nhập để đặt hàng, chỉ mất 1s cho bước này thôi.');
    await user.click(within(dialog).getByRole('button', { name: 'Để lúc khác' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart()).getByText(/Giỏ hàng đang trống/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Đăng nhập' }));
    await waitFor(() => expect(location().pathname).toBe('/signin'));
  });

  it('says so when the platform does not exist', async () => {
    shopApi();
    renderApp('/item/999');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trò chơi' })).toBeInTheDocument();
  });
});

describe('/item/:id, signed in', () => {
  it('asks for the login fields on a login platform and the UID on a UID platform', async () => {
    signInAs();
    shopApi();
    const { unmount } = renderApp('/item/8');
    await screen.findByRole('heading', { name: 'Thông tin của bạn' });
    expect(screen.getByText('Vui lòng điền tên của bạn')).toBeInTheDocument();
    expect(screen.getByText('Vui lòng điền tên đăng nhập')).toBeInTheDocument();
    expect(screen.getByLabelText(/Mật khẩu game/)).toHaveAttribute('type', 'password');
    expect(screen.getByText('Vui lòng điền mật khẩu đăng nhập game')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /UID/ })).not.toBeInTheDocument();
    unmount();

    renderApp('/item/7');
    await screen.findByRole('heading', { name: 'Thông tin của bạn' });
    expect(screen.getByText('Vui lòng điền UID')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Mật khẩu game/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Ghi chú/ })).toHaveAttribute('rows', '4');
  });

  it('adds with a toast, changes quantities with + and −, totals the cart and keeps it across a reload', async () => {
    signInAs();
    shopApi();
    const { user, unmount } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thêm Gói 1 vào giỏ hàng thành công');
    await user.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Gói 2' }));
    await user.click(within(cart()).getByRole('button', { name: 'Tăng số lượng Gói 1' }));

    // 2 × Gói 1 + 1 × Gói 2
    expect(within(cart()).getByText('80.000 VNĐ')).toBeInTheDocument();
    expect(within(cart()).getByText('800 coin')).toBeInTheDocument();
    expect(within(cart()).getByText('+40')).toBeInTheDocument();

    await user.click(within(cart()).getByRole('button', { name: 'Giảm số lượng Gói 2' }));
    expect(within(cart()).queryByText('Gói 2')).not.toBeInTheDocument();
    unmount();

    const again = renderApp('/item/7');
    expect(within(await screen.findByRole('region', { name: 'Giỏ hàng' })).getByText('Gói 1')).toBeInTheDocument();
    expect(within(cart()).getByText('40.000 VNĐ')).toBeInTheDocument();
    await again.user.click(within(cart()).getByRole('button', { name: 'xoá toàn bộ giỏ hàng' }));
    expect(within(cart()).getByText(/Giỏ hàng đang trống/)).toBeInTheDocument();
  });

  it('refuses a 101st of one item, as the shop does', async () => {
    signInAs();
    window.localStorage.setItem('cart', JSON.stringify({ 7: [{ item: storeItem(1), quantity: 100 }] }));
    shopApi();
    const { user } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Số lượng mỗi sản phẩm phải là số nguyên từ 1 đến 100');
    expect(within(cart()).getByRole('button', { name: 'Tăng số lượng Gói 1' })).toBeDisabled();
  });

  it('offers coins when the balance is zero or more, and then gifts no coins', async () => {
    signInAs();
    shopApi({}, { total: 500, pending: 500 });
    const { user } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    expect(within(cart()).getByText('+10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bằng chuyển khoản' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(await screen.findByRole('button', { name: 'Bằng đổi coin' }));
    expect(within(cart()).getByText('+0')).toBeInTheDocument();
  });

  it('does not offer coins when the balance is below zero', async () => {
    signInAs();
    shopApi({}, { total: 100, pending: 300 });
    renderApp('/item/7');
    await screen.findByRole('heading', { name: 'Thông tin của bạn' });
    await waitFor(() => expect(screen.getByText('-200')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Bằng chuyển khoản' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bằng đổi coin' })).not.toBeInTheDocument();
  });

  it('says before the order button when an order placed now will be done', async () => {
    signInAs();
    shopApi();
    renderApp('/item/7');
    const line = await screen.findByTestId('promise-line');
    expect(line.textContent).toMatch(/^Hoàn thành trước 16:00 (hôm nay|ngày mai \(\d\d\/\d\d\))$/);
    const button = screen.getByRole('button', { name: 'Đặt hàng' });
    expect(line.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('refuses to pay with coins for an item whose coin price is 0, before sending anything', async () => {
    signInAs();
    const net = shopApi({ [ITEMS]: json([storeItem(1), storeItem(2, { name: 'Quà miễn phí', coin: 0 })]) });
    const { user } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Quà miễn phí' }));
    await user.click(await screen.findByRole('button', { name: 'Bằng đổi coin' }));
    await fillUidForm(user);
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "Sản phẩm 'Quà miễn phí' không thể thanh toán bằng coin, vui lòng chọn chuyển khoản",
      ),
    );
    expect(net.sent(ORDER)).toHaveLength(0);
  });

  it('checks the form, then the cart, before sending anything', async () => {
    signInAs();
    const net = shopApi();
    const { user } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Đặt hàng' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vui lòng điền đầy đủ thông tin');

    await fillUidForm(user);
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Vui lòng chọn sản phẩm'));
    expect(net.sent(ORDER)).toHaveLength(0);
  });

  it('sends one order for a double click, clears the cart and opens the new order with it in state', async () => {
    signInAs();
    let answer: (response: Response) => void = () => {};
    const net = shopApi({ [ORDER]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, location, navigate } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await user.click(within(cart()).getByRole('button', { name: 'Tăng số lượng Gói 1' }));
    await fillUidForm(user);
    await user.dblClick(screen.getByRole('button', { name: 'Đặt hàng' }));

    expect(screen.getByRole('button', { name: 'Đang đặt hàng…' })).toBeDisabled();
    expect(net.sent(ORDER)).toHaveLength(1);
    const [request] = net.sent(ORDER);
    expect(request?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      order_bank_name: 'Nguyễn Văn An',
      order_contact: '',
      order_account: '',
      order_pass: '',
      order_server: 'S1',
      order_uid: '123456',
      order_comment: '',
      order_pay_method: 1,
      order_items: [{ id: 1, quantity: 2 }],
    });

    answer(json(created));
    await waitFor(() => expect(location().pathname).toBe(`/gameorder/${created.id}`));
    expect(location().state).toEqual({ order: created });
    expect(await screen.findByRole('heading', { name: 'Chi tiết đơn hàng' })).toBeInTheDocument();
    expect(screen.getByText('Mã đơn:', { exact: false })).toHaveTextContent('Mã đơn: LS250315ABCD');
    expect(window.localStorage.getItem('cart')).toBeNull();
    expect(net.sent('GET /order/api/v1/order/LS250315ABCD')).toHaveLength(0);

    // Back from the new order lands on the home page, not on the sent form.
    await navigate(-1);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it("shows the API's refusal, keeps what was typed and retries with the same key", async () => {
    signInAs();
    const net = shopApi({ [ORDER]: apiError(409, 'NOT_ENOUGH_COINS', 'Số coin của bạn không đủ để thanh toán đơn hàng này') });
    const { user, location } = renderApp('/item/7');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await fillUidForm(user);
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Số coin của bạn không đủ để thanh toán đơn hàng này'));
    expect(location().pathname).toBe('/item/7');
    expect(screen.getByRole('textbox', { name: /Họ tên/ })).toHaveValue('Nguyễn Văn An');
    expect(screen.getByRole('textbox', { name: /UID/ })).toHaveValue('123456');
    expect(within(cart()).getByText('Gói 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await waitFor(() => expect(net.sent(ORDER)).toHaveLength(2));
    const [first, second] = net.sent(ORDER).map((r) => r.headers['idempotency-key']);
    expect(second).toBe(first);

    await enter(user, screen.getByRole('textbox', { name: /Ghi chú/ }), 'Nhanh giúp mình');
    await user.click(screen.getByRole('button', { name: 'Đặt hàng' }));
    await waitFor(() => expect(net.sent(ORDER)).toHaveLength(3));
    expect(net.sent(ORDER)[2]?.headers['idempotency-key']).not.toBe(first);
  });
});
