import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, inTurn, json } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import { customerRow, FIRST_RENDER, loadAdminChunks, stubAdminApi } from '../../../test/admin-fixtures';

beforeAll(loadAdminChunks);

const LIST = 'GET /user/api/v1/admin/user/list';
const ADJUST = 'POST /bank/api/v1/admin/adjust';
const customer = customerRow();

async function openAdjust(routes: Parameters<typeof stubAdminApi>[0]) {
  signInAs();
  const net = stubAdminApi({ [LIST]: json({ rows: [customer], total: 1 }), ...routes });
  const view = renderApp('/admin/customers');
  const table = await screen.findByRole('table', { name: 'Khách hàng' }, FIRST_RENDER);
  expect(within(table).getByText('1.300')).toBeInTheDocument();
  await view.user.click(within(table).getByRole('button', { name: 'Điều chỉnh coin của an@example.com' }));
  const dialog = await screen.findByRole('dialog', { name: 'Điều chỉnh coin' });
  return { ...view, net, dialog };
}

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/customers', { timeout: 20_000 }, () => {
  it('deducts coins with a reason: sends user_id, a negative delta and the reason', async () => {
    const { user, net, dialog } = await openAdjust({ [ADJUST]: json({ total: 1_000, available: 800 }) });

    await user.click(within(dialog).getByRole('button', { name: /coin$/ }));
    expect(within(dialog).getByText('Số coin điều chỉnh phải là số nguyên khác 0, tối đa 100.000.000')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập lý do điều chỉnh coin')).toBeInTheDocument();
    expect(net.sent(ADJUST)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Số coin điều chỉnh/ }), '-500');
    await user.type(within(dialog).getByRole('textbox', { name: /Lý do/ }), 'Thu hồi coin tặng nhầm');
    await user.click(within(dialog).getByRole('button', { name: 'Trừ coin' }));

    await waitFor(() =>
      expect(net.sent(ADJUST)[0]?.body).toEqual({ user_id: customer.id, delta: -500, reason: 'Thu hồi coin tặng nhầm' }),
    );
    expect(await screen.findByText('Đã điều chỉnh −500 coin. Số dư mới: 1.000')).toBeInTheDocument();
  });

  it('sends the adjustment with an Idempotency-Key, the same one when it is sent again after a failure', async () => {
    const { user, net, dialog } = await openAdjust({
      [ADJUST]: inTurn(apiError(500, 'INTERNAL', 'Lỗi hệ thống, vui lòng thử lại sau'), json({ total: 1_500, available: 1_300 })),
    });
    await user.type(within(dialog).getByRole('textbox', { name: /Số coin điều chỉnh/ }), '200');
    await user.type(within(dialog).getByRole('textbox', { name: /Lý do/ }), 'Bù đơn trễ');
    await user.click(within(dialog).getByRole('button', { name: 'Cộng coin' }));
    expect(await screen.findByText('Lỗi hệ thống, vui lòng thử lại sau')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cộng coin' }));
    await waitFor(() => expect(net.sent(ADJUST)).toHaveLength(2));
    const [first, retry] = net.sent(ADJUST).map((request) => request.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it("shows the API's refusal and keeps the dialog open", async () => {
    const message = 'Không thể trừ nhiều hơn số coin khả dụng của khách hàng';
    const { user, dialog } = await openAdjust({ [ADJUST]: apiError(409, 'NOT_ENOUGH_COINS', message) });

    await user.type(within(dialog).getByRole('textbox', { name: /Số coin điều chỉnh/ }), '-99999');
    await user.type(within(dialog).getByRole('textbox', { name: /Lý do/ }), 'Thử');
    await user.click(within(dialog).getByRole('button', { name: 'Trừ coin' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Điều chỉnh coin' })).toBeInTheDocument();
  });
});
