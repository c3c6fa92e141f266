import { useQuery } from '@tanstack/react-query';
import { countResponse } from '@lucky/shared';
import { api } from '../../lib/api-client';
import { SESSION_QUERY_KEY, useSignedIn } from '../../lib/session';

/** The number on the header's orders badge. Loaded only when signed in; failures stay silent (spec §8). */
export function useOrderCount() {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey: [...SESSION_QUERY_KEY, 'order-count'],
    queryFn: ({ signal }) => api.get('/order/api/v1/order/count', countResponse, { signal }),
    enabled: signedIn,
    meta: { silent: true },
  });
}
