import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ORDER_PAGE_SIZE } from '@lucky/shared/constants';
import { api } from '../../lib/api-client';
import { lazySchema } from '../../lib/lazy-schema';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

/** The number on the header's orders badge. Loaded only when signed in; failures stay silent (spec §8). */
export function useOrderCount() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'order-count'],
    queryFn: ({ signal }) => api.get('/order/api/v1/order/count', lazySchema('countResponse'), { signal }),
    enabled: signedIn,
    meta: { silent: true },
  });
}

/** One page of the customer's orders (spec §7), newest first; the last page stays on screen while the next loads. */
export function useOrderList(page: number) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'orders', page],
    queryFn: ({ signal }) =>
      api.get(`/order/api/v1/order/list?page=${page}&limit=${ORDER_PAGE_SIZE}`, lazySchema('orderList'), { signal }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}

/**
 * One order, for a reload or a deep link to its page (a navigation from the app brings the order along).
 * Silent: the page itself tells a missing order apart from other failures.
 */
export function useOrder(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'order', id],
    queryFn: ({ signal }) => api.get(`/order/api/v1/order/${encodeURIComponent(id)}`, lazySchema('order'), { signal }),
    enabled,
    meta: { silent: true },
  });
}
