import { tokenPair, userResponse, type TokenPair } from '@lucky/shared/guards';
import { api } from '../../lib/api-client';
import { useHeaderQuery } from '../../lib/header-query';
import { SESSION_QUERY_KEY } from '../../lib/session';

/** Providers the API knows; the web app offers Google, and demo when the API allows it. */
export type SignInProvider = 'google' | 'demo' | 'facebook';

/** docs/product.md §7: exchanges a provider token for our access and refresh tokens. */
export function exchangeProviderToken(provider: SignInProvider, userAccessToken: string): Promise<TokenPair> {
  return api.post(`/auth/api/v1/auth/${provider}-sign-in`, { user_access_token: userAccessToken }, tokenPair);
}

/** Ends the sign-in the refresh token belongs to on the server. */
export function revokeSession(refreshToken: string | null, signal?: AbortSignal): Promise<unknown> {
  return api.post('/auth/api/v1/auth/sign-out', refreshToken ? { refresh_token: refreshToken } : {}, undefined, {
    signal,
  });
}

/** The signed-in customer (header name and picture). Loaded only when signed in; failures stay silent. */
export function useCurrentUser() {
  return useHeaderQuery([...SESSION_QUERY_KEY, 'user'], '/user/api/v1/user', userResponse, { staleTime: 5 * 60_000 });
}
