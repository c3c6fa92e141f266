import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiError, inTurn, json } from '../../../test/fetch-stub';
import { renderApp, signInAs } from '../../../test/render-app';
import {
  FIRST_RENDER,
  loadAdminChunks,
  ORDER_ID,
  orderDetail,
  orderRow,
  PICTURE_ID,
  STAFF_USER,
  stubAdminApi,
} from '../../../test/admin-fixtures';

beforeAll(loadAdminChunks);

const DETAIL = `GET /order/api/v1/admin/order/${ORDER_ID}`;
const PATCH = `PATCH /order/api/v1/admin/order/${ORDER_ID}`;
const REVEAL = `POST /order/api/v1/admin/order/${ORDER_ID}/reveal-password`;
const UPLOAD = 'POST /storage/api/v1/storage/upload';
const PAGE = `/admin/orders/${ORDER_ID}`;

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'ket-qua.png', { type: 'image/png' });

async function openPage(routes: Parameters<typeof stubAdminApi>[0], user?: object) {
  signInAs();
  const net = stubAdminApi(routes, user);
  const view = renderApp(PAGE);
  await screen.findByRole('heading', { name: 'Đơn LS240001' }, FIRST_RENDER);
  return { ...view, net };
}

// Whole-app renders with MUI tables and dialogs in jsdom take seconds on a small machine.
describe('/admin/orders/:id', { timeout: 20_000 }, () => {
  it('shows what the customer entered and the history, and never fetches the game password by itself', async () => {
    const { net } = await openPage({ [DETAIL]: json(orderDetail()), [REVEAL]: json({ order_pass: 'mat-khau-bi-mat' }) });

    expect(screen.getByText('NGUYEN VAN AN')).toBeInTheDocument();
    expect(screen.getByText('an.game@example.com')).toBeInTheDocument();
    expect(screen.getByText('Nạp giúp trước 12h')).toBeInTheDocument();
    expect(screen.getByText('••••••••')).toBeInTheDocument();
    expect(screen.getByText(/mỗi lần hiện mật khẩu đều được ghi nhật ký/)).toBeInTheDocument();
    expect(screen.getByText('Đang chờ duyệt → Đang xử lý')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hiện mật khẩu' })).toBeEnabled();
    expect(net.sent(REVEAL)).toHaveLength(0);
  });

  it('reveals the password on "Hiện mật khẩu" with one audited call, hides it on "Ẩn" and keeps it through a refetch', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, net, location, navigate } = await openPage({
      [DETAIL]: inTurn(
        json(orderDetail({ status: 0, pay_method: 0, paid_at: null })),
        json(orderDetail({ status: 1, pay_method: 0, paid_at: null })),
      ),
      [REVEAL]: async () => {
        await answered;
        return json({ order_pass: 'mat-khau-bi-mat' });
      },
      [PATCH]: json(orderRow({ status: 1, pay_method: 0 })),
      'GET /order/api/v1/admin/order/list': json({ rows: [], total: 0 }),
    });

    await user.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    // While the API decrypts: a busy, disabled button and still no password.
    const busy = await screen.findByRole('button', { name: 'Đang hiện mật khẩu…' });
    expect(busy).toBeDisabled();
    expect(screen.queryByText('mat-khau-bi-mat')).not.toBeInTheDocument();
    release();

    expect(await screen.findByText('mat-khau-bi-mat')).toBeInTheDocument();
    expect(net.sent(REVEAL)).toHaveLength(1);
    expect(net.sent(REVEAL)[0]?.body).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Ẩn mật khẩu' }));
    expect(screen.queryByText('mat-khau-bi-mat')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hiện mật khẩu' }));
    expect(screen.getByText('mat-khau-bi-mat')).toBeInTheDocument();
    expect(net.sent(REVEAL)).toHaveLength(1);

    // A move refetches the order: the password stays shown and is not asked for again.
    await user.click(screen.getByRole('button', { name: 'Nhận xử lý' }));
    await waitFor(() => expect(net.sent(DETAIL)).toHaveLength(2));
    expect(await screen.findByRole('button', { name: 'Hoàn thành' })).toBeInTheDocument();
    expect(screen.getByText('mat-khau-bi-mat')).toBeInTheDocument();
    expect(net.sent(REVEAL)).toHaveLength(1);

    // Leaving the page forgets it.
    await user.click(screen.getByRole('link', { name: 'Về hàng đợi' }));
    await waitFor(() => expect(location().pathname).toBe('/admin/orders'));
    await navigate(PAGE);
    expect(await screen.findByRole('button', { name: 'Hiện mật khẩu' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByText('mat-khau-bi-mat')).not.toBeInTheDocument();
  });

  it('offers the owner "Đã hoàn tiền" for a refund owed, and staff only the reveal and the moves they may make', async () => {
    const owed = orderDetail({ status: 3, refund_status: 'due', refund_vnd: 100_000 });
    const { unmount } = await openPage({ [DETAIL]: json(owed) });
    expect(await screen.findByRole('button', { name: 'Đã hoàn tiền' })).toBeInTheDocument();
    unmount();

    const staffView = await openPage({ [DETAIL]: json(owed) }, STAFF_USER);
    expect(screen.queryByRole('button', { name: 'Đã hoàn tiền' })).not.toBeInTheDocument();
    staffView.unmount();
    await openPage({ [DETAIL]: json(orderDetail()) }, STAFF_USER);
    expect(screen.getByRole('button', { name: 'Hiện mật khẩu' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Hoàn thành' })).toBeInTheDocument();
  });

  it('shows the money received, the refund owed as what was received, and "Chưa xác thực" while only staff vouch for it', async () => {
    const owed = orderDetail({ status: 3, refund_status: 'due', received_vnd: 30_000, refund_vnd: 30_000, payment_unverified: true });
    const { user, net } = await openPage({
      [DETAIL]: json(owed),
      [`POST /order/api/v1/admin/order/${ORDER_ID}/refund-done`]: json(orderRow({ status: 3, refund_status: 'done' })),
    });

    expect(screen.getByText('30.000 VNĐ (nhân viên nhập tay, chưa xác thực)')).toBeInTheDocument();
    expect(screen.getByText('Cần hoàn 30.000 VNĐ')).toBeInTheDocument();
    expect(screen.getByText('Đơn đã thanh toán nhưng bị từ chối: cần chuyển khoản hoàn 30.000 VNĐ cho khách.')).toBeInTheDocument();
    const marker = screen.getByText('Chưa xác thực').closest<HTMLElement>('[tabindex="0"]')!;
    expect(marker).toHaveAccessibleDescription(
      'Đơn được tính là đã thanh toán chỉ theo xác nhận của nhân viên: chưa có ngân hàng nào báo khoản tiền này.',
    );

    await user.click(screen.getByRole('button', { name: 'Đã hoàn tiền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ghi nhận đã hoàn tiền' });
    expect(within(dialog).getByText('Đã chuyển lại 30.000 VNĐ cho khách của đơn LS240001?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Đã hoàn tiền' }));
    await waitFor(() => expect(net.requests.some((r) => r.path.endsWith('/refund-done'))).toBe(true));
  });

  it('shows a bank order the feed paid without a marker, and a coin order without money received', async () => {
    const { unmount } = await openPage({ [DETAIL]: json(orderDetail({ received_vnd: 40_000 })) });
    expect(screen.getByText('Tiền đã nhận').nextElementSibling).toHaveTextContent(/^40\.000 VNĐ$/);
    expect(screen.queryByText('Chưa xác thực')).not.toBeInTheDocument();
    expect(screen.queryByText(/Cần hoàn/)).not.toBeInTheDocument();
    unmount();
    await openPage({ [DETAIL]: json(orderDetail({ pay_method: 0 })) });
    expect(screen.queryByText('Tiền đã nhận')).not.toBeInTheDocument();
  });

  it('says when an order has no password, offering no reveal', async () => {
    await openPage({ [DETAIL]: json(orderDetail({ has_password: false })) });
    expect(screen.getByText('Không có')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hiện mật khẩu' })).not.toBeInTheDocument();
  });

  it('completes an order with a reply and uploaded pictures, removable before sending', async () => {
    let uploads = 0;
    const secondPicture = 'b'.repeat(64);
    const { user, net } = await openPage({
      [DETAIL]: inTurn(json(orderDetail()), json(orderDetail({ status: 2, has_password: false }))),
      [UPLOAD]: () => {
        uploads += 1;
        return json({ id: uploads === 1 ? PICTURE_ID : secondPicture, content_type: 'image/webp', width: 10, height: 10 });
      },
      [PATCH]: json(orderRow({ status: 2 })),
    });

    await user.click(screen.getByRole('button', { name: 'Hoàn thành' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hoàn thành đơn LS240001' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Admin phản hồi' }), 'Xong');

    const input = within(dialog).getByLabelText('Tải lên: Ảnh kết quả');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, picture());
    expect(await within(dialog).findByRole('img', { name: 'Ảnh kết quả 1' })).toHaveAttribute(
      'src',
      expect.stringContaining(`/storage/api/v1/storage/file/${PICTURE_ID}`),
    );
    await user.upload(input, picture());
    expect(await within(dialog).findByRole('img', { name: 'Ảnh kết quả 2' })).toBeInTheDocument();
    expect(net.sent(UPLOAD)[0]?.body).toBeInstanceOf(FormData);
    expect((net.sent(UPLOAD)[0]?.body as FormData).get('file')).toBeInstanceOf(File);

    await user.click(within(dialog).getByRole('button', { name: 'Xoá ảnh 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Hoàn thành đơn' }));

    await waitFor(() => expect(net.sent(PATCH)).toHaveLength(1));
    expect(net.sent(PATCH)[0]?.body).toEqual({
      status: 2,
      result_comment: 'Xong',
      result_picture: [secondPicture],
      expected_status: 1,
    });
    expect(await screen.findByText('Đã hoàn thành đơn LS240001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the API's message when another admin moved the order first, and reloads it", async () => {
    const message = "Đơn hàng vừa được người khác cập nhật (trạng thái hiện tại: 'Đã từ chối'). Vui lòng tải lại trang rồi thử lại.";
    const { user, net } = await openPage({
      [DETAIL]: inTurn(json(orderDetail({ status: 0, paid_at: null })), json(orderDetail({ status: 3, has_password: false }))),
      [PATCH]: apiError(409, 'ORDER_CHANGED', message),
    });

    await user.click(screen.getByRole('button', { name: 'Xác nhận đã nhận tiền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xác nhận đã nhận tiền' });
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận thanh toán' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(net.sent(PATCH)[0]?.body).toEqual({ status: 1, expected_status: 0, received_vnd: 40_000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(net.sent(DETAIL)).toHaveLength(2));
    expect(await screen.findByText('Đã xoá khi đơn kết thúc')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Từ chối' })).not.toBeInTheDocument();
  });

  it('confirms a bank payment by hand with the amount seen in the account, prefilled with the total, and the bank reference', async () => {
    const { user, net } = await openPage({
      [DETAIL]: inTurn(
        json(orderDetail({ status: 0, paid_at: null })),
        json(orderDetail({ status: 1, received_vnd: 1_250_000, payment_unverified: true })),
      ),
      [PATCH]: json(orderRow({ status: 1, received_vnd: 1_250_000, payment_unverified: true })),
    });

    await user.click(screen.getByRole('button', { name: 'Xác nhận đã nhận tiền' }));
    const dialog = await screen.findByRole('dialog', { name: 'Xác nhận đã nhận tiền' });
    const amount = within(dialog).getByRole('textbox', { name: /Số tiền đã nhận/ });
    // Prefilled with the order's total, the amount field has the focus: the keyboard goes straight to it.
    expect(amount).toHaveValue('40.000');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('inputmode', 'numeric');

    // Nothing, or not a positive whole number, is refused here with the reason, and nothing is sent.
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận thanh toán' }));
    expect(
      within(dialog).getByText('Vui lòng nhập số tiền đã nhận được trong tài khoản để xác nhận thanh toán đơn chuyển khoản'),
    ).toBeInTheDocument();
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Xác nhận thanh toán' }));
    expect(within(dialog).getByText('Số tiền đã nhận phải là số nguyên lớn hơn 0, tối đa 10.000.000.000 VNĐ')).toBeInTheDocument();
    expect(net.sent(PATCH)).toHaveLength(0);

    // Less than the total is said; leaving the field writes the amount with thousands dots.
    await user.clear(amount);
    await user.type(amount, '35000');
    expect(within(dialog).getByText('Ít hơn tổng tiền đơn 5.000 VNĐ. Chỉ xác nhận khi shop đồng ý nhận thiếu.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1250000');
    expect(within(dialog).getByText('Nhiều hơn tổng tiền đơn 1.210.000 VNĐ: phần dư sẽ cần hoàn lại cho khách.')).toBeInTheDocument();
    await user.tab();
    expect(amount).toHaveValue('1.250.000');
    const reference = within(dialog).getByRole('textbox', { name: /Mã giao dịch ngân hàng/ });
    expect(reference).toHaveFocus();
    await user.type(reference, ' FT25074123456 {Enter}');

    await waitFor(() => expect(net.sent(PATCH)).toHaveLength(1));
    expect(net.sent(PATCH)[0]?.body).toEqual({
      status: 1,
      expected_status: 0,
      received_vnd: 1_250_000,
      bank_reference: 'FT25074123456',
    });
    expect(await screen.findByText('Đã xác nhận nhận tiền đơn LS240001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Hoàn thành' })).toBeInTheDocument();
  });

  it('takes a coin order into processing with one click', async () => {
    const { user, net } = await openPage({
      [DETAIL]: json(orderDetail({ status: 0, pay_method: 0, paid_at: null })),
      [PATCH]: json(orderRow({ status: 1, pay_method: 0 })),
    });

    await user.click(screen.getByRole('button', { name: 'Nhận xử lý' }));
    await waitFor(() => expect(net.sent(PATCH)[0]?.body).toEqual({ status: 1, expected_status: 0 }));
    expect(await screen.findByText('Đã nhận xử lý đơn LS240001')).toBeInTheDocument();
  });

  it('refuses to reject without a reason, then sends the reason', async () => {
    const { user, net } = await openPage({
      [DETAIL]: json(orderDetail()),
      [PATCH]: json(orderRow({ status: 3 })),
    });

    await user.click(screen.getByRole('button', { name: 'Từ chối' }));
    const dialog = await screen.findByRole('dialog', { name: 'Từ chối đơn LS240001' });
    await user.click(within(dialog).getByRole('button', { name: 'Từ chối đơn' }));

    expect(within(dialog).getByText('Vui lòng nhập lý do từ chối đơn hàng')).toBeInTheDocument();
    expect(net.sent(PATCH)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Lý do từ chối/ }), 'Sai mật khẩu game');
    await user.click(within(dialog).getByRole('button', { name: 'Từ chối đơn' }));
    await waitFor(() =>
      expect(net.sent(PATCH)[0]?.body).toEqual({
        status: 3,
        reason: 'Sai mật khẩu game',
        result_comment: 'Sai mật khẩu game',
        expected_status: 1,
      }),
    );
  });
});
