import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const DEMO_SIGN_IN = 'POST /auth/api/v1/auth/demo-sign-in';
const tokens = { access_token: 'access-new', refresh_token: 'refresh-new' };

describe('/signin with the demo provider', () => {
  it('signs in with the email on Enter, stores the tokens and goes back one page', async () => {
    const net = stubFetch({ [DEMO_SIGN_IN]: json(tokens), 'GET /order/api/v1/order/count': json(0) });
    const { user, location } = renderApp(['/gameorder', '/signin']);

    expect(await screen.findByRole('heading', { name: 'Đăng nhập nhanh (demo)' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'an@example.com{Enter}');

    await waitFor(() => expect(location().pathname).toBe('/gameorder'));
    expect(net.sent(DEMO_SIGN_IN)[0]?.body).toEqual({ user_access_token: 'an@example.com' });
    expect(window.localStorage.getItem('accessToken')).toBe('access-new');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-new');
    expect(await screen.findByRole('heading', { name: 'Danh sách đơn hàng' })).toBeInTheDocument();
  });

  it('goes home after signing in when the sign-in page was opened directly', async () => {
    stubFetch({ [DEMO_SIGN_IN]: json(tokens) });
    const { user, location } = renderApp('/signin');

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'an@example.com');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));

    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('disables the button while the request is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({ [DEMO_SIGN_IN]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderApp('/signin');

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'an@example.com{Enter}');

    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Đang đăng nhập…');
    answer(json(tokens));
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBe('access-new'));
  });

  it("shows the API's message in the error toast and stays signed out", async () => {
    stubFetch({ [DEMO_SIGN_IN]: apiError(400, 'VALIDATION', 'Email không hợp lệ') });
    const { user, location } = renderApp(['/', '/signin']);

    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'khong-phai-email{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Email không hợp lệ');
    expect(location().pathname).toBe('/signin');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeEnabled();
  });

  it('asks for an email instead of sending an empty one', async () => {
    const net = stubFetch({});
    const { user } = renderApp('/signin');

    await user.click(await screen.findByRole('button', { name: 'Đăng nhập' }));

    expect(screen.getByText('Vui lòng nhập email')).toBeInTheDocument();
    expect(net.requests).toEqual([]);
  });

  it('offers no Google button when no Google client is configured', async () => {
    stubFetch({});
    renderApp('/signin');
    await screen.findByRole('heading', { name: 'Đăng nhập nhanh (demo)' });
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument();
  });
});
