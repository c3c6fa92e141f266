/**
 * What a live `order` event does to the console's cached order queries: a row on screen changes at
 * once, then the queue and the details are fetched again, since only the server knows which filters
 * and pages an order now belongs to (and a new order's place in the queue).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, AdminOrderList, AdminOrderRow } from '@lucky/shared';
import { ORDERS_KEY } from './api';

export function applyAdminOrderUpdate(queryClient: QueryClient, row: AdminOrderRow): void {
  for (const [key, list] of queryClient.getQueriesData<AdminOrderList>({ queryKey: [...ORDERS_KEY, 'list'] })) {
    if (!list?.rows.some((item) => item.id === row.id)) continue;
    queryClient.setQueryData<AdminOrderList>(key, {
      ...list,
      rows: list.rows.map((item) => (item.id === row.id ? row : item)),
    });
  }
  queryClient.setQueryData<AdminOrderDetail>([...ORDERS_KEY, 'detail', row.id], (detail) =>
    detail ? { ...detail, ...row } : detail,
  );
  void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}
