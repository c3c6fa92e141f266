import { useCallback, useSyncExternalStore } from 'react';
import { useQueries, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { countResponse, walletResponse, type Wallet } from '@lucky/shared/guards';
import { displayedBalance } from '@lucky/shared/money';
import { headerQueryOptions } from '../../lib/header-query';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

const WALLET_KEY = [...SESSION_QUERY_KEY, 'wallet'];
const PENDING_COINS_KEY = [...SESSION_QUERY_KEY, 'pending-coin'];

/** The coin total. Loaded only when signed in; failures stay silent (docs/product.md §8). */
const walletQuery = (signedIn: boolean) =>
  headerQueryOptions(signedIn, WALLET_KEY, '/bank/api/v1/bank', walletResponse);

/** Coins held by the customer's unfinished coin orders. Loaded only when signed in; failures stay silent. */
const pendingCoinsQuery = (signedIn: boolean) =>
  headerQueryOptions(signedIn, PENDING_COINS_KEY, '/order/api/v1/order/count-pending-coin', countResponse);

export interface CoinBalance {
  balance: number;
  loading: boolean;
}

/**
 * docs/product.md §4: displayed balance = bank total − pending coins, 0 when the total is missing.
 * `loading` until both calls have answered, so a too-high figure never flashes. The two calls are
 * followed together: a component renders again only when the figure or `loading` changes, not once
 * for each answer.
 */
export function useCoinBalance(): CoinBalance {
  const signedIn = useSignedIn();
  const combine = useCallback(
    ([wallet, pending]: [UseQueryResult<Wallet>, UseQueryResult<number>]): CoinBalance => ({
      balance: displayedBalance(wallet.data?.total, pending.data),
      loading: signedIn && (wallet.isPending || pending.isPending),
    }),
    [signedIn],
  );
  return useQueries({ queries: [walletQuery(signedIn), pendingCoinsQuery(signedIn)], combine });
}

/** docs/product.md §2, §9: coins are offered only when the displayed balance is zero or more (both calls answered). */
export const coinsOffered = ({ balance, loading }: CoinBalance, signedIn: boolean): boolean =>
  signedIn && !loading && balance >= 0;

/** The balance as `useCoinBalance` has it, from the two answers in the query cache (a failed call is not loading). */
const balanceInCache = (client: QueryClient): CoinBalance => {
  const loading = (key: readonly unknown[]) => (client.getQueryState(key)?.status ?? 'pending') === 'pending';
  return {
    balance: displayedBalance(
      client.getQueryData<Wallet>(WALLET_KEY)?.total,
      client.getQueryData<number>(PENDING_COINS_KEY),
    ),
    loading: loading(WALLET_KEY) || loading(PENDING_COINS_KEY),
  };
};

/**
 * Whether coins are offered, for a page that shows no figure: read from the two answers in the query cache,
 * so the page renders again only when it changes, not when a call starts or answers. The calls themselves
 * are made by what shows the balance (the header's, `CoinsHeld` beside the payment toggles).
 */
export function useCoinsOffered(): boolean {
  const signedIn = useSignedIn();
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(
    subscribe,
    () => coinsOffered(balanceInCache(client), signedIn),
    () => false,
  );
}
