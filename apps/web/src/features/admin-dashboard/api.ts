import { useQuery } from '@tanstack/react-query';
import { adminDashboard } from '@lucky/shared';
import { api } from '../../lib/api-client';
import { ADMIN_QUERY_KEY } from '../../lib/admin-api';

/** Today's figures (shop time zone); refreshed every minute while the page is open. */
export function useDashboard() {
  return useQuery({
    queryKey: [...ADMIN_QUERY_KEY, 'dashboard'],
    queryFn: ({ signal }) => api.get('/order/api/v1/admin/dashboard', adminDashboard, { signal }),
    refetchInterval: 60_000,
  });
}
