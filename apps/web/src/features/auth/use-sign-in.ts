import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { storeTokens } from '../../lib/session';
import { exchangeProviderToken, type SignInProvider } from './api';

export interface SignInInput {
  provider: SignInProvider;
  /** The provider's token (Google's ID token; the email for demo). */
  token: string;
  /** Wait before the exchange (docs/product.md §2: the Google button has a 500 ms delay). */
  delayMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * docs/product.md §4: exchange the provider token, store our tokens, go back one page. With no earlier page of
 * this app in the history (the sign-in page was opened directly), go home instead of leaving the shop.
 * A failure shows its message in the error toast (the query client's default).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async ({ provider, token, delayMs = 0 }: SignInInput) => {
      if (delayMs > 0) await wait(delayMs);
      return exchangeProviderToken(provider, token);
    },
    onSuccess: (tokens) => {
      storeTokens(tokens);
      void queryClient.invalidateQueries();
      // React Router keys the first entry of a visit 'default': there is nothing of ours behind it.
      if (location.key !== 'default') void navigate(-1);
      else void navigate('/', { replace: true });
    },
  });
}
