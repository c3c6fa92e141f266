import { countResponse, walletResponse } from '@lucky/shared/guards';
import { displayedBalance } from '@lucky/shared/money';
import { useHeaderQuery } from '../../lib/header-query';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

/** The coin total. Loaded only when signed in; failures stay silent (docs/product.md §8). */
export function useWallet() {
  return useHeaderQuery([...SESSION_QUERY_KEY, 'wallet'], '/bank/api/v1/bank', walletResponse);
}

/** Coins held by the customer's unfinished coin orders. Loaded only when signed in; failures stay silent. */
export function usePendingCoins() {
  return useHeaderQuery(
    [...SESSION_QUERY_KEY, 'pending-coin'],
    '/order/api/v1/order/count-pending-coin',
    countResponse,
  );
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
