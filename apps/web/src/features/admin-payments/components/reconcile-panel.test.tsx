import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BankFeedStatuses } from '@lucky/shared';
import { apiError, inTurn, json } from '../../../test/fetch-stub';
import {
  FIRST_RENDER,
  loadTransfersChunks,
  openTransfersPage,
  ORDER_ID,
  stubAdminApi,
  transferRow,
  TRANSFER_LIST,
} from '../../../test/admin-fixtures';

beforeAll(loadTransfersChunks);

const LIST = TRANSFER_LIST;
const FEEDS = 'GET /payment/api/v1/admin/reconcile';
const RECONCILE = 'POST /payment/api/v1/admin/reconcile';

const sepayOk = { provider: 'sepay', last_success_at: '2025-03-15T02:55:00.000Z', failing_since: null, last_error: '' } as const;
const feeds = (overrides: Partial<BankFeedStatuses> = {}): BankFeedStatuses => ({
  interval_seconds: 300,
  feeds: [sepayOk],
  ...overrides,
});

const missed = transferRow({
  id: '33333333-3333-4333-8333-333333333333',
  provider_tx_id: '49682',
  content: 'MBVCB.3278614.LS240001 chuyen tien',
  status: 'matched',
  reason: '',
  order_id: ORDER_ID,
  order_code: 'LS240001',
  source: 'pull',
});

function openPage(routes: Parameters<typeof stubAdminApi>[0]) {
  return openTransfersPage([transferRow({ source: 'webhook' })], routes);
}

describe('/admin/transfers: reconciling with the bank', { timeout: 20_000 }, () => {
  it('pulls on ‘Đối soát ngay’, says what was new, and shows the payment the webhook missed', async () => {
    const { user, net } = openPage({
      [FEEDS]: json(feeds()),
      [RECONCILE]: json({ sepay: { fetched: 12, new: 1 }, casso: { fetched: 0, new: 0, error: 'Casso trả lỗi HTTP 500' } }),
      [LIST]: inTurn(
        json({ rows: [transferRow({ source: 'webhook' })], total: 1 }),
        json({ rows: [missed, transferRow({ source: 'webhook' })], total: 2 }),
      ),
    });

    const section = await screen.findByRole('region', { name: 'Đối soát với ngân hàng' }, FIRST_RENDER);
    expect(within(section).getByText(/Tự động lấy danh sách giao dịch mỗi 5 phút/)).toBeInTheDocument();
    expect(within(section).getByText('SePay: đối soát lần cuối lúc 09:55 15/03/2025')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Đối soát ngay' }));

    const result = await within(section).findByRole('status');
    expect(result).toHaveTextContent('SePay: đã lấy 12 giao dịch, ghi nhận 1 giao dịch mới');
    expect(result).toHaveTextContent('Casso: Casso trả lỗi HTTP 500');
    expect(net.sent(RECONCILE)).toHaveLength(1);

    const table = screen.getByRole('table', { name: 'Giao dịch ngân hàng' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [pulled, delivered] = within(table).getAllByRole('row').slice(1);
    expect(within(pulled!).getByText('đối soát')).toBeInTheDocument();
    expect(within(pulled!).getByRole('link', { name: 'LS240001' })).toBeInTheDocument();
    expect(within(delivered!).getByText('webhook')).toBeInTheDocument();
  });

  it('warns when a feed’s pulls keep failing', async () => {
    openPage({
      [FEEDS]: json(
        feeds({
          feeds: [
            { ...sepayOk, failing_since: '2025-03-15T01:00:00.000Z', last_error: 'SePay trả lỗi HTTP 503' },
          ],
        }),
      ),
    });

    const section = await screen.findByRole('region', { name: 'Đối soát với ngân hàng' }, FIRST_RENDER);
    expect(within(section).getByText(/Không lấy được giao dịch từ SePay từ 08:00 15\/03\/2025: SePay trả lỗi HTTP 503/)).toBeInTheDocument();
  });

  it('tells staff what the API refused', async () => {
    const { user } = openPage({
      [FEEDS]: json(feeds({ interval_seconds: 0 })),
      [RECONCILE]: apiError(403, 'FORBIDDEN', 'Chỉ chủ cửa hàng được làm việc này'),
    });

    const section = await screen.findByRole('region', { name: 'Đối soát với ngân hàng' }, FIRST_RENDER);
    expect(within(section).getByText('Chỉ lấy danh sách giao dịch khi bấm “Đối soát ngay”.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Đối soát ngay' }));

    expect(await screen.findByText('Chỉ chủ cửa hàng được làm việc này')).toBeInTheDocument();
  });

  it('shows nothing of it when no feed is pulled', async () => {
    openPage({ [FEEDS]: json(feeds({ feeds: [] })) });

    await screen.findByRole('table', { name: 'Giao dịch ngân hàng' }, FIRST_RENDER);
    expect(screen.queryByRole('region', { name: 'Đối soát với ngân hàng' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Đối soát ngay' })).not.toBeInTheDocument();
  });
});
