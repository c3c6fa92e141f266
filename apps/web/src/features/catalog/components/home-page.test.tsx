import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Platform } from '@lucky/shared';
import { resetInitialData } from '../../../lib/initial-data';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const PLATFORMS = 'GET /platform/api/v1/platform/list?keyword=&is_active=true';
const fileId = (n: number) => String(n).repeat(64);

const games: Platform[] = [
  { id: 7, name: 'Rồng Lửa', picture: fileId(1), is_active: true, shop_config: { need_login: false, sale_picture: fileId(2) } },
  { id: 8, name: 'Kiếm Thần', picture: fileId(3), is_active: true, shop_config: { need_login: true, sale_picture: null } },
];

const banner = () => screen.getAllByRole('img')[0]!;

/** The data block the API puts into the page it serves (apps/api/src/web/page-data.ts). */
function withInitialData(responses: Record<string, unknown>) {
  const block = document.createElement('script');
  block.id = 'initial-data';
  block.type = 'application/json';
  block.textContent = JSON.stringify(responses);
  document.head.append(block);
  resetInitialData();
  onTestFinished(() => {
    block.remove();
    resetInitialData();
  });
}

describe('home page', () => {
  it("shows the shop's banner and a card per game labelled 'UID' or 'Login'", async () => {
    stubFetch({ [PLATFORMS]: json(games) });
    renderApp('/');

    const grid = await screen.findByRole('list', { name: 'Lựa chọn trò chơi' });
    expect(within(grid).getByRole('link', { name: 'Rồng Lửa UID' })).toHaveAttribute('href', '/item/7');
    expect(within(grid).getByRole('link', { name: 'Kiếm Thần Login' })).toHaveAttribute('href', '/item/8');
    expect(within(grid).getByText('UID')).toBeInTheDocument();
    expect(within(grid).getByText('Login')).toBeInTheDocument();
    expect(banner()).toHaveAccessibleName('Lucky Shop – nạp game nhanh, an toàn');
    expect(banner()).toHaveAttribute('width', '1200');
    expect(banner()).toHaveAttribute('height', '400');
  });

  it("remembers the chosen game, swaps the banner for its sale picture and opens its page", async () => {
    stubFetch({ [PLATFORMS]: json(games), 'GET /store/api/v1/store/list?keyword=&store_platform=7': json([]) });
    const { user, location, navigate } = renderApp('/');

    await user.click(await screen.findByRole('link', { name: 'Rồng Lửa UID' }));

    await waitFor(() => expect(location().pathname).toBe('/item/7'));
    expect(JSON.parse(window.localStorage.getItem('platformData') ?? 'null')).toEqual(games[0]);
    await navigate('/');
    await screen.findByRole('list', { name: 'Lựa chọn trò chơi' });
    expect(banner()).toHaveAccessibleName('Khuyến mãi Rồng Lửa');
    expect(banner()).toHaveAttribute('src', `/storage/api/v1/storage/file/${fileId(2)}`);
  });

  it('says so when no game is on sale', async () => {
    stubFetch({ [PLATFORMS]: json([]) });
    renderApp('/');
    expect(await screen.findByText(/Hiện chưa có trò chơi nào đang mở bán/)).toBeInTheDocument();
  });

  it('shows outlines, not made-up games, while the list loads', async () => {
    stubFetch({ [PLATFORMS]: () => new Promise<Response>(() => {}) });
    renderApp('/');
    expect(await screen.findByText('Đang tải danh sách trò chơi…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /UID|Login/ })).not.toBeInTheDocument();
  });

  it('shows the games that came with the page at once, without asking the API, the first picture first', async () => {
    const net = stubFetch({ [PLATFORMS]: json(games) });
    withInitialData({ '/platform/api/v1/platform/list?keyword=&is_active=true': games });
    renderApp('/');

    const grid = await screen.findByRole('list', { name: 'Lựa chọn trò chơi' });
    const pictures = within(grid).getAllByRole('img');
    expect(pictures.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'low'],
    ]);
    expect(screen.queryByText('Đang tải danh sách trò chơi…')).not.toBeInTheDocument();
    expect(net.requests).toEqual([]);
  });

  it('asks the API when what came with the page does not fit the contract', async () => {
    const net = stubFetch({ [PLATFORMS]: json(games) });
    withInitialData({ '/platform/api/v1/platform/list?keyword=&is_active=true': [{ id: 'not a game' }] });
    renderApp('/');

    expect(await screen.findByRole('link', { name: 'Rồng Lửa UID' })).toBeInTheDocument();
    expect(net.sent(PLATFORMS)).toHaveLength(1);
  });
});
