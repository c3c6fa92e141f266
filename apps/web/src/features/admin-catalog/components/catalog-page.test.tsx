import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminStoreItem } from '@lucky/shared';
import { apiError, inTurn, json } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { adminPlatform, FIRST_RENDER, loadAdminChunks, stubAdminApi } from '../../../test/admin-fixtures';

beforeAll(loadAdminChunks);

const PLATFORMS = 'GET /platform/api/v1/admin/platform';
const CREATE_PLATFORM = 'POST /platform/api/v1/admin/platform';
const REORDER_PLATFORMS = 'POST /platform/api/v1/admin/platform/reorder';
const ITEMS = 'GET /store/api/v1/admin/store';
const REORDER_ITEMS = 'POST /store/api/v1/admin/store/reorder';
const AMOUNT_MESSAGE = 'Giá trị phải là số nguyên từ 0 đến 1.000.000.000';

function storeItem(overrides: Partial<AdminStoreItem> = {}): AdminStoreItem {
  return {
    id: 7,
    platform_id: 1,
    platform_name: 'Liên Quân',
    name: 'Gói 90 Quân Huy',
    description: 'Nạp qua đăng nhập',
    picture: null,
    price: 20_000,
    raw_price: 25_000,
    coin: 200,
    gift_coin: 10,
    is_active: true,
    sort_order: 1,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const LIEN_QUAN = adminPlatform();
const FREE_FIRE = adminPlatform({ id: 2, name: 'Free Fire', need_login: false, sort_order: 2 });
const SMALL_PACK = storeItem();
const BIG_PACK = storeItem({ id: 8, name: 'Gói 450 Quân Huy', price: 100_000, raw_price: 120_000, coin: 1_000, sort_order: 2 });

async function openCatalog(address: string, routes: Parameters<typeof stubAdminApi>[0] = {}) {
  signInAs();
  const net = stubAdminApi({ [PLATFORMS]: json([LIEN_QUAN, FREE_FIRE]), [ITEMS]: json([SMALL_PACK, BIG_PACK]), ...routes });
  const view = renderApp(address);
  const table = await screen.findByRole('table', { name: 'Trò chơi' }, FIRST_RENDER);
  return { ...view, net, table };
}

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/catalog', { timeout: 20_000 }, () => {
  it('adds a game: refuses a blank name, then sends the name and switches', async () => {
    const { user, net } = await openCatalog('/admin/catalog', {
      [CREATE_PLATFORM]: json(adminPlatform({ id: 3, name: 'Genshin Impact', need_login: true })),
    });

    await user.click(screen.getByRole('button', { name: 'Thêm trò chơi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Thêm trò chơi' });
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(within(dialog).getByText('Vui lòng nhập tên')).toBeInTheDocument();
    expect(net.sent(CREATE_PLATFORM)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Tên trò chơi/ }), '  Genshin Impact ');
    await user.click(within(dialog).getByRole('switch', { name: /Nạp qua đăng nhập/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(net.sent(CREATE_PLATFORM)).toHaveLength(1));
    expect(net.sent(CREATE_PLATFORM)[0]?.body).toEqual({
      name: 'Genshin Impact',
      picture: null,
      sale_picture: null,
      need_login: true,
      is_active: true,
    });
    expect(await screen.findByText('Đã thêm Genshin Impact')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a store item: a price that is not a whole number is refused in Vietnamese, "25.000" is sent as 25000', async () => {
    const PATCH_ITEM = `PATCH /store/api/v1/admin/store/${SMALL_PACK.id}`;
    const { user, net } = await openCatalog(`/admin/catalog?platform=${LIEN_QUAN.id}`, {
      [PATCH_ITEM]: json(storeItem({ price: 25_000 })),
    });

    const items = await screen.findByRole('table', { name: 'Sản phẩm của Liên Quân' });
    expect(net.requests.some((request) => request.path === `/store/api/v1/admin/store?platform_id=${LIEN_QUAN.id}`)).toBe(true);
    await user.click(within(items).getByRole('button', { name: 'Sửa Gói 90 Quân Huy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sửa Gói 90 Quân Huy' });
    const price = within(dialog).getByRole('textbox', { name: /^Giá bán/ });
    expect(price).toHaveValue('20000');

    for (const typed of ['12,5', '-1000', 'hai mươi nghìn', '1000000001']) {
      await user.clear(price);
      await user.type(price, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));
      expect(within(dialog).getByText(AMOUNT_MESSAGE)).toBeInTheDocument();
      expect(price).toHaveAttribute('aria-invalid', 'true');
    }
    expect(net.sent(PATCH_ITEM)).toHaveLength(0);

    await user.clear(price);
    await user.type(price, '25.000');
    expect(within(dialog).queryByText(AMOUNT_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lưu' }));

    await waitFor(() => expect(net.sent(PATCH_ITEM)).toHaveLength(1));
    expect(net.sent(PATCH_ITEM)[0]?.body).toEqual({
      name: 'Gói 90 Quân Huy',
      description: 'Nạp qua đăng nhập',
      picture: null,
      price: 25_000,
      raw_price: 25_000,
      coin: 200,
      gift_coin: 10,
      is_active: true,
    });
    expect(await screen.findByText('Đã lưu Gói 90 Quân Huy')).toBeInTheDocument();
  });

  it('moves a game and a store item up by sending the ids in their new order', async () => {
    const { user, net, table } = await openCatalog(`/admin/catalog?platform=${LIEN_QUAN.id}`, {
      [REORDER_PLATFORMS]: json({ ok: true }),
      [REORDER_ITEMS]: json({ ok: true }),
    });

    expect(within(table).getByRole('button', { name: 'Đưa Liên Quân lên' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Đưa Free Fire lên' }));
    await waitFor(() => expect(net.sent(REORDER_PLATFORMS)[0]?.body).toEqual({ ids: [FREE_FIRE.id, LIEN_QUAN.id] }));

    const items = await screen.findByRole('table', { name: 'Sản phẩm của Liên Quân' });
    await user.click(within(items).getByRole('button', { name: 'Đưa Gói 450 Quân Huy lên' }));
    await waitFor(() => expect(net.sent(REORDER_ITEMS)[0]?.body).toEqual({ ids: [BIG_PACK.id, SMALL_PACK.id] }));
    expect(net.sent(REORDER_PLATFORMS)).toHaveLength(1);
  });

  it('hides a game and a store item by sending is_active false', async () => {
    const PATCH_PLATFORM = `PATCH /platform/api/v1/admin/platform/${FREE_FIRE.id}`;
    const PATCH_ITEM = `PATCH /store/api/v1/admin/store/${SMALL_PACK.id}`;
    const { user, net, table } = await openCatalog(`/admin/catalog?platform=${LIEN_QUAN.id}`, {
      [PATCH_PLATFORM]: json(adminPlatform({ ...FREE_FIRE, is_active: false })),
      [PATCH_ITEM]: json(storeItem({ is_active: false })),
    });

    await user.click(within(table).getByRole('button', { name: 'Ẩn Free Fire' }));
    await waitFor(() => expect(net.sent(PATCH_PLATFORM)[0]?.body).toEqual({ is_active: false }));
    expect(await screen.findByText('Đã ẩn Free Fire')).toBeInTheDocument();

    const items = await screen.findByRole('table', { name: 'Sản phẩm của Liên Quân' });
    await user.click(within(items).getByRole('button', { name: 'Ẩn Gói 90 Quân Huy' }));
    await waitFor(() => expect(net.sent(PATCH_ITEM)[0]?.body).toEqual({ is_active: false }));
    expect(await screen.findByText('Đã ẩn Gói 90 Quân Huy')).toBeInTheDocument();
  });

  it('says when the store items could not load, and loads them again on Thử lại', async () => {
    const { user } = await openCatalog(`/admin/catalog?platform=${LIEN_QUAN.id}`, {
      [ITEMS]: inTurn(apiError(400, 'BAD_REQUEST', 'Yêu cầu không hợp lệ'), json([SMALL_PACK])),
    });

    expect(await screen.findByText('Không tải được sản phẩm.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Thử lại' }));
    const items = await screen.findByRole('table', { name: 'Sản phẩm của Liên Quân' });
    expect(within(items).getByText(SMALL_PACK.name)).toBeInTheDocument();
  });
});
