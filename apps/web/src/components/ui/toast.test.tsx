import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ToastProvider, useToast } from './toast';

function Buttons() {
  const { showError, showSuccess } = useToast();
  return (
    <>
      <button onClick={() => showError(new ApiError(409, 'NOT_ENOUGH_COINS', 'Số coin của bạn không đủ'))}>api</button>
      <button onClick={() => showError(new Error(''))}>no message</button>
      <button onClick={() => showError()}>nothing</button>
      <button onClick={() => showError('Vui lòng chọn sản phẩm')}>text</button>
      <button onClick={() => showSuccess()}>success</button>
      <button onClick={() => showSuccess('Thêm Gói 1 vào giỏ hàng thành công')}>added</button>
    </>
  );
}

function setup({ fakeTimers = false } = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );
  return user;
}

describe('toasts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows an error's own message in a filled red alert at the top right", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'api' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Số coin của bạn không đủ');
    expect(alert).toHaveClass('MuiAlert-filled', 'MuiAlert-colorError');
    expect(alert.closest('.MuiSnackbar-root')).toHaveClass('MuiSnackbar-anchorOriginTopRight');
  });

  it.each(['no message', 'nothing'])("reads 'Lỗi không mong muốn' when the error has no message (%s)", async (name) => {
    const user = setup();
    await user.click(screen.getByRole('button', { name }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Lỗi không mong muốn');
  });

  it('shows a plain text message as is', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'text' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vui lòng chọn sản phẩm');
  });

  it("reads 'Thành công' for a success without a message, and the given text otherwise", async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'success' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Thành công');

    await user.click(screen.getByRole('button', { name: 'added' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Thêm Gói 1 vào giỏ hàng thành công'));
  });

  it('closes an error when dismissed', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'api' }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Đóng' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('keeps an error for 5 seconds and a success for 3', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setup({ fakeTimers: true });

    await user.click(screen.getByRole('button', { name: 'api' }));
    await screen.findByRole('alert');
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByRole('alert')).toBeVisible();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'success' }));
    await screen.findByRole('status');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByRole('status')).toBeVisible();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
