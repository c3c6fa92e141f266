import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@lucky/shared/constants';
import { countResponse, order, orderList, type Order } from '@lucky/shared/guards';
import { api } from '../../lib/api-client';
import { useHeaderQuery } from '../../lib/header-query';
import { prefetchInitialData, takeInitialData } from '../../lib/initial-data';
import { getAccessToken } from '../../lib/session';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

export const ORDER_COUNT_KEY = [...SESSION_QUERY_KEY, 'order-count'] as const;
/** Prefix of the list pages' keys (`[...ORDER_LIST_KEY, page]`). */
export const ORDER_LIST_KEY = [...SESSION_QUERY_KEY, 'orders'] as const;
/** Prefix of the single orders' keys (`orderKey(id)`). */
export const ORDER_KEY = [...SESSION_QUERY_KEY, 'order'] as const;
export const orderKey = (id: string) => [...ORDER_KEY, id] as const;

/** The number on the header's orders badge. Loaded only when signed in; failures stay silent (docs/product.md §8). */
export function useOrderCount() {
  return useHeaderQuery(ORDER_COUNT_KEY, '/order/api/v1/order/count', countResponse);
}

/** The page in `?page=`, 1 when absent or not a page number. */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The calls as the API's server render makes them too (apps/api/src/web/customer-pages.ts): the data block's keys. */
export const orderListPath = (page: number) => `/order/api/v1/order/list?page=${page}&limit=${ORDER_PAGE_SIZE}`;
export const orderPath = (id: string) => `/order/api/v1/order/${encodeURIComponent(id)}`;

/** One page of the customer's orders (docs/product.md §7), newest first; the last page stays on screen while the next loads. */
export function useOrderList(page: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...ORDER_LIST_KEY, page],
    queryFn: ({ signal }) => api.get(orderListPath(page), orderList, { signal }),
    initialData: () => takeInitialData(orderListPath(page), orderList),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

/**
 * The data of /gameorder and /gameorder/:id, asked for with the page's code before the first render
 * (main.tsx, lib/initial-data.ts), so the page shows the orders rather than an outline they push aside.
 */
export function prefetchOrderList(search: URLSearchParams): Promise<void> {
  return getAccessToken() ? prefetchInitialData(orderListPath(pageFrom(search)), orderList) : Promise.resolve();
}
export function prefetchOrder(id: string): Promise<void> {
  return getAccessToken() ? prefetchInitialData(orderPath(id), order) : Promise.resolve();
}

/**
 * One order. A navigation from the app brings it along (`initial`): shown at once, without a fetch; after a
 * reload or from a link it is fetched by id. Live events (features/orders/live.ts) update it in place.
 * Silent: the page itself tells a missing order apart from other failures.
 */
export function useOrder(id: string, initial?: Order) {
  return useQuery({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => api.get(orderPath(id), order, { signal }),
    initialData: initial ?? (() => takeInitialData(orderPath(id), order)),
    meta: { silent: true },
  });
}
