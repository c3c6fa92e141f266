import { useQuery } from '@tanstack/react-query';
import { countResponse, walletResponse } from '@lucky/shared/guards';
import { displayedBalance } from '@lucky/shared/money';
import { api } from '../../lib/api-client';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

/** The coin total. Loaded only when signed in; failures stay silent (docs/product.md §8). */
export function useWallet() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'wallet'],
    queryFn: ({ signal }) => api.get('/bank/api/v1/bank', walletResponse, { signal }),
    enabled: signedIn,
    meta: { silent: true },
  });
}

/** Coins held by the customer's unfinished coin orders. Loaded only when signed in; failures stay silent. */
export function usePendingCoins() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'pending-coin'],
    queryFn: ({ signal }) => api.get('/order/api/v1/order/count-pending-coin', countResponse, { signal }),
    enabled: signedIn,
    meta: { silent: true },
  });
}

/**
 * docs/product.md §4: displayed balance = bank total − pending coins, 0 when the total is missing.
 * `loading` until both calls have answered, so a too-high figure never flashes.
 */
export function useCoinBalance(): { balance: number; loading: boolean } {
  const signedIn = useSignedIn();
  const wallet = useWallet();
  const pending = usePendingCoins();
  return {
    balance: displayedBalance(wallet.data?.total, pending.data),
    loading: signedIn && (wallet.isPending || pending.isPending),
  };
}
