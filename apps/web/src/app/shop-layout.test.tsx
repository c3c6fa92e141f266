import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page';
import { apiError, json, stubFetch } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));

const USER = 'GET /user/api/v1/user';
const BANK = 'GET /bank/api/v1/bank';
const PENDING = 'GET /order/api/v1/order/count-pending-coin';
const COUNT = 'GET /order/api/v1/order/count';
const SIGN_OUT = 'POST /auth/api/v1/auth/sign-out';
const PLATFORMS = 'GET /platform/api/v1/platform/list?keyword=&is_active=true';

const customer = {
  id: 'u1',
  name: 'Nguyễn Văn An',
  picture: null,
  email: 'an@example.com',
  is_admin: false,
  role: null,
};

function signedInApi(overrides: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    [USER]: json(customer),
    [BANK]: json({ total: 1_334_567 }),
    [PENDING]: json(100_000),
    [COUNT]: json(3),
    [SIGN_OUT]: json({ ok: true }),
    [PLATFORMS]: json([]),
    ...overrides,
  });
}

const header = () => screen.getByRole('banner');

describe('page frame, anonymous', () => {
  it("offers 'Đăng nhập' and sends the orders icon to /signin, without asking for account data", async () => {
    const net = stubFetch({ [PLATFORMS]: json([]) });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeInTheDocument();
    expect(within(header()).getByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin');
    expect(within(header()).getByRole('link', { name: /Đơn hàng/ })).toHaveAttribute('href', '/signin');
    expect(within(header()).getByRole('link', { name: 'Lucky Shop – Trang chủ' })).toHaveAttribute('href', '/');
    expect(within(header()).queryByText(/Số coin/)).not.toBeInTheDocument();
    // The home page's game list is public; nothing else is asked for.
    await waitFor(() => expect(net.requests.map((r) => `${r.method} ${r.path}`)).toEqual([PLATFORMS]));
  });

  it('shows the promises, the contacts and the messenger button, opening in new tabs', async () => {
    stubFetch({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Lựa chọn trò chơi' });

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Thông tin của khách hàng được bảo mật tuyệt đối.')).toBeInTheDocument();
    expect(within(footer).getByText(/hoàn thành trước 16:00 trong ngày.*hoàn tiền 100%/)).toBeInTheDocument();
    const contacts = [
      within(footer).getByRole('link', { name: /Trang mạng xã hội của shop/ }),
      within(footer).getByRole('link', { name: /ứng dụng chat/ }),
      screen.getByRole('link', { name: 'Nhắn tin với shop' }),
    ];
    expect(contacts.map((link) => link.getAttribute('href'))).toEqual([
      'https://www.facebook.com/luckyshop.vn',
      'https://zalo.me/0900000000',
      'https://m.me/luckyshop.vn',
    ]);
    for (const link of contacts) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows a Vietnamese page for an unknown address, inside the frame', async () => {
    stubFetch({});
    renderApp('/khong-co-trang-nay');
    expect(await screen.findByRole('heading', { name: 'Không tìm thấy trang' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Về trang chủ' })).toHaveAttribute('href', '/');
    expect(within(header()).getByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
  });
});

describe('page frame, signed in', () => {
  it('shows the coin balance (total − pending), the order count and the name', async () => {
    signInAs('access-1');
    const net = signedInApi();
    renderApp('/');

    expect(await within(header()).findByText('1.234.567')).toBeInTheDocument();
    expect(await within(header()).findByRole('button', { name: 'Tài khoản: Nguyễn Văn An' })).toBeInTheDocument();
    const orders = within(header()).getByRole('link', { name: /Đơn hàng/ });
    expect(orders).toHaveAttribute('href', '/gameorder');
    await waitFor(() => expect(orders).toHaveAccessibleName('Đơn hàng của bạn (3 đơn)'));
    expect(within(orders).getByText('3')).toBeInTheDocument();
    expect(net.sent(USER)[0]?.headers.authorization).toBe('access-1');
  });

  it('shows 0 coins and no toast when the account calls fail', async () => {
    signInAs();
    signedInApi({
      [BANK]: apiError(404, 'NOT_FOUND', 'Không tìm thấy dữ liệu yêu cầu'),
      [COUNT]: apiError(404, 'NOT_FOUND', 'Không tìm thấy dữ liệu yêu cầu'),
      [USER]: apiError(404, 'NOT_FOUND', 'Không tìm thấy dữ liệu yêu cầu'),
    });
    renderApp('/');

    expect(await within(header()).findByText('0')).toBeInTheDocument();
    // docs/product.md §3: the name's default label.
    expect(await within(header()).findByRole('button', { name: 'Tài khoản: Đăng nhập' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs out from the user menu: tells the API, clears both tokens, goes home and reloads', async () => {
    signInAs('access-1', 'refresh-1');
    const net = signedInApi();
    const { user, location } = renderApp(['/', '/gameorder']);

    await user.click(await within(header()).findByRole('button', { name: 'Tài khoản: Nguyễn Văn An' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Đăng xuất' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(net.sent(SIGN_OUT)[0]).toMatchObject({
      headers: { authorization: 'access-1' },
      body: { refresh_token: 'refresh-1' },
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(within(header()).getByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
  });

  it('logs out even when the API cannot be reached', async () => {
    signInAs('access-1', 'refresh-1');
    signedInApi({
      [SIGN_OUT]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderApp('/');

    await user.click(await within(header()).findByRole('button', { name: 'Tài khoản: Nguyễn Văn An' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Đăng xuất' }));

    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('turns anonymous when the session is refused', async () => {
    signInAs('access-1', 'refresh-1');
    signedInApi({
      [USER]: apiError(401, 'TOKEN_EXPIRED', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại'),
      'POST /auth/api/v1/auth/refresh-token': apiError(401, 'INVALID_REFRESH_TOKEN', 'Phiên đăng nhập không hợp lệ'),
    });
    renderApp('/');

    expect(await within(header()).findByRole('link', { name: 'Đăng nhập' })).toHaveAttribute('href', '/signin');
    expect(within(header()).queryByText(/Số coin/)).not.toBeInTheDocument();
  });
});
