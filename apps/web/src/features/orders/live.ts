/**
 * What a live `order` event (the customer's own order, as the list returns it) does to the cached
 * order queries: the detail page and the list pages show it at once, without a fetch.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Order, OrderList } from '@lucky/shared/schemas';
import { ORDER_COUNT_KEY, ORDER_KEY, ORDER_LIST_KEY, orderKey } from './api';

export function applyOrderUpdate(queryClient: QueryClient, order: Order): void {
  queryClient.setQueryData(orderKey(order.id), order);

  let listed = false;
  for (const [key, list] of queryClient.getQueriesData<OrderList>({ queryKey: ORDER_LIST_KEY })) {
    if (!list?.rows.some((row) => row.id === order.id)) continue;
    listed = true;
    queryClient.setQueryData<OrderList>(key, {
      ...list,
      rows: list.rows.map((row) => (row.id === order.id ? order : row)),
    });
  }
  // A new order (or one on a page not loaded): only the server knows where it goes.
  if (!listed) void queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: ORDER_COUNT_KEY });
}

/** After a gap in the stream (reconnected): whatever changed meanwhile is fetched again. */
export function refreshOrders(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEY });
  void queryClient.invalidateQueries({ queryKey: ORDER_COUNT_KEY });
  void queryClient.invalidateQueries({ queryKey: ORDER_KEY });
}
