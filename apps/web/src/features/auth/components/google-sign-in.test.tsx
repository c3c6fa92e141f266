import type { ReactNode } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

// Google's script cannot load here (nor offline): its button is replaced at the library boundary.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ children }: { children: ReactNode }) => children,
  GoogleLogin: ({ onSuccess }: { onSuccess: (response: { credential?: string }) => void }) => (
    <button onClick={() => onSuccess({ credential: 'google-id-token' })}>Google</button>
  ),
}));

vi.mock('../../../lib/config', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/config')>();
  return { config: { ...original.config, google_client_id: 'client.apps.googleusercontent.com', demo_sign_in: false } };
});

const GOOGLE_SIGN_IN = 'POST /auth/api/v1/auth/google-sign-in';

describe('/signin with Google', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('exchanges the ID token 500 ms after Google answers, then goes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const net = stubFetch({ [GOOGLE_SIGN_IN]: json({ access_token: 'a', refresh_token: 'r' }) });
    const { location } = renderApp(['/', '/signin']);

    const google = await screen.findByRole('button', { name: 'Google' });
    act(() => google.click());
    expect(screen.queryByRole('heading', { name: 'Đăng nhập nhanh (demo)' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(450));
    expect(net.sent(GOOGLE_SIGN_IN)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));

    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(net.sent(GOOGLE_SIGN_IN)[0]?.body).toEqual({ user_access_token: 'google-id-token' });
    expect(window.localStorage.getItem('accessToken')).toBe('a');
  });
});
