import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp, signInAs } from '../test/render-app';
import { fakeMediaQueryList } from '../test/media-query';
import { storeItem, uidGame } from '../test/shop-fixtures';
import { PHONE_QUERY } from '../lib/use-media-query';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

function shopApi() {
  return stubFetch({
    'GET /platform/api/v1/platform/list?keyword=&is_active=true': json([uidGame]),
    'GET /store/api/v1/store/list?keyword=&store_platform=7': json([storeItem(1), storeItem(2)]),
    'GET /user/api/v1/user': json({ id: 'u1', name: 'An', picture: null, email: 'an@example.com', is_admin: false, role: null }),
    'GET /bank/api/v1/bank': json({ total: 5_000 }),
    'GET /order/api/v1/order/count-pending-coin': json(0),
    'GET /order/api/v1/order/count': json(0),
  });
}

/** A phone-sized screen: the media query of the cart bar matches. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => fakeMediaQueryList(query, query === PHONE_QUERY));
}

// Hidden included: while the sheet is open, the page behind it is hidden from assistive technology.
const openCartButton = () => screen.queryByRole('button', { name: /xem giỏ hàng$/, hidden: true });

describe('/item/:id on a phone', () => {
  beforeEach(() => {
    onPhone();
    signInAs();
    shopApi();
  });

  it('shows the cart bar once the cart holds anything: count, total, coins when paying with coins', async () => {
    const { user } = renderApp('/item/7');
    await screen.findByRole('heading', { name: 'Thông tin của bạn' });
    expect(openCartButton()).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await user.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Gói 2' }));
    await user.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Gói 2' }));
    const bar = openCartButton()!;
    expect(bar).toHaveAccessibleName(/^3 sản phẩm\s?,\s?100\.000 VNĐ\s?:\s?xem giỏ hàng$/);
    expect(bar).toHaveAttribute('aria-expanded', 'false');

    // The bar's order button is the form's submit, like the one beside the cart.
    const orderButtons = screen.getAllByRole('button', { name: 'Đặt hàng' });
    expect(orderButtons).toHaveLength(2);
    for (const button of orderButtons) expect(button).toHaveAttribute('form', 'order-form');

    await user.click(await screen.findByRole('button', { name: 'Bằng đổi coin' }));
    expect(openCartButton()).toHaveAccessibleName(/^3 sản phẩm\s?,\s?1\.000 coin\s?:\s?xem giỏ hàng$/);
  });

  it('opens the cart as a sheet with its lines, plus and minus, totals and clear-all; emptied, the sheet and the bar go', async () => {
    const { user } = renderApp('/item/7');
    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await user.click(openCartButton()!);

    const sheet = await screen.findByRole('dialog', { name: 'Giỏ hàng của bạn' });
    expect(openCartButton()).toHaveAttribute('aria-expanded', 'true');
    const lines = within(sheet).getByRole('region', { name: 'Giỏ hàng' });
    await user.click(within(lines).getByRole('button', { name: 'Tăng số lượng Gói 1' }));
    expect(within(lines).getByText('40.000 VNĐ')).toBeInTheDocument();
    expect(within(lines).getByText('+20')).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Đặt hàng' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus comes back to what opened it.
    expect(openCartButton()).toHaveFocus();

    await user.click(openCartButton()!);
    const again = await screen.findByRole('dialog', { name: 'Giỏ hàng của bạn' });
    await user.click(within(again).getByRole('button', { name: 'xoá toàn bộ giỏ hàng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(openCartButton()).not.toBeInTheDocument();
  });

  it('has the sheet ready, closed and unannounced, once the page is idle; opened, it shows the cart as it is then', async () => {
    const { user } = renderApp('/item/7');
    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    // Rendered closed ahead of the tap (app/platform-page.tsx): in the page, but nothing a reader or a tap finds.
    await waitFor(() => expect(document.querySelector('dialog.ls-cart-sheet')).not.toBeNull());
    expect(document.querySelector('dialog.ls-cart-sheet')).not.toHaveAttribute('open');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Đặt hàng' })).toHaveLength(2);

    // A line added after it was rendered is in it when it opens.
    await user.click(screen.getByRole('button', { name: 'Thêm vào giỏ: Gói 2' }));
    await user.click(openCartButton()!);
    const lines = within(await screen.findByRole('dialog', { name: 'Giỏ hàng của bạn' })).getByRole('region', { name: 'Giỏ hàng' });
    expect(within(lines).getByRole('button', { name: 'Tăng số lượng Gói 1' })).toBeInTheDocument();
    expect(within(lines).getByRole('button', { name: 'Tăng số lượng Gói 2' })).toBeInTheDocument();
  });

  it('on a refused order, focuses the first missing field; Enter moves to the next field', async () => {
    const { user } = renderApp('/item/7');
    const name = await screen.findByRole('textbox', { name: /Họ tên/ });
    expect(name).toHaveAttribute('autocomplete', 'name');
    expect(name).toHaveAttribute('enterkeyhint', 'next');
    expect(screen.getByRole('textbox', { name: /Liên hệ/ })).toHaveAttribute('autocomplete', 'tel');

    await user.click(await screen.findByRole('button', { name: 'Thêm vào giỏ: Gói 1' }));
    await user.click(screen.getAllByRole('button', { name: 'Đặt hàng' })[0]!);
    expect(await screen.findByRole('alert')).toHaveTextContent('Vui lòng điền đầy đủ thông tin');
    await waitFor(() => expect(name).toHaveFocus());

    await user.keyboard('Nguyễn Văn An{Enter}');
    expect(screen.getByRole('textbox', { name: /Liên hệ/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: /Server/ })).toHaveFocus();
    await user.keyboard('S1{Enter}');
    const uid = screen.getByRole('textbox', { name: /UID/ });
    expect(uid).toHaveFocus();
    expect(uid).toHaveAttribute('enterkeyhint', 'go');
  });
});
