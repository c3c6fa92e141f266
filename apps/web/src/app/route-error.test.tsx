import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/reload-page';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

vi.mock('../lib/reload-page', () => ({ reloadPage: vi.fn() }));
// /gameorder crashes while rendering; /signin's chunk is gone (a new release replaced it).
vi.mock('../features/orders/components/order-list-page', () => ({
  OrderListPage: () => {
    throw new Error('boom');
  },
}));
// (The lazy route reads the export: a throwing getter rejects that import with the browser's error.)
vi.mock('../features/auth/components/sign-in-page', () => ({
  get SignInPage() {
    throw new TypeError('Failed to fetch dynamically imported module: https://shop.test/assets/sign-in-page-abc.js');
  },
}));

const PLATFORMS = 'GET /platform/api/v1/platform/list?keyword=&is_active=true';

describe('route errors', () => {
  it("shows a crashed page's error inside the frame, reloads on 'Tải lại trang', and leaves it on navigation", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({ [PLATFORMS]: json([]) });
    const { user, location } = renderApp('/gameorder');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Đã có lỗi xảy ra' })).toBeInTheDocument();
    expect(within(alert).getByText(/trang này gặp sự cố/)).toBeInTheDocument();
    // The frame stays: header and footer are still there.
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Tải lại trang' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Lucky Shop – Trang chủ' }));
    expect(await screen.findByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByText('Đã có lỗi xảy ra')).not.toBeInTheDocument();
  });

  it("says a page's missing chunk needs a reload, inside the frame", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({});
    renderApp('/signin');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Không tải được trang' })).toBeInTheDocument();
    expect(within(alert).getByText(/shop vừa cập nhật phiên bản mới/)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Tải lại trang' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument());
  });
});
