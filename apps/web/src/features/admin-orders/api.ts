import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOrderDetail,
  adminOrderList,
  adminOrderRow,
  adminRevealPassword,
  type AdminOrderPatch,
} from '@lucky/shared';
import { api } from '../../lib/api-client';
import { ADMIN_QUERY_KEY, queryString } from '../../lib/admin-api';

export const ADMIN_ORDER_PAGE_SIZE = 20;

export interface OrderQueueFilters {
  /** -1 = every status. */
  status: number;
  /** Undefined = every method. */
  payMethod?: number;
  platformId?: number;
  q: string;
  /** Only open orders due within the hour or past due (the API's at_risk filter). */
  atRisk?: boolean;
  page: number;
}

/** Prefix of every admin order query: the queue's pages and the details. */
export const ORDERS_KEY = [...ADMIN_QUERY_KEY, 'orders'] as const;

/** The queue, in the API's order (open orders by due time first). */
export function useOrderQueue(filters: OrderQueueFilters) {
  const path = `/order/api/v1/admin/order/list${queryString({
    status: filters.status,
    pay_method: filters.payMethod,
    platform_id: filters.platformId,
    q: filters.q.trim(),
    at_risk: filters.atRisk ? 'true' : undefined,
    page: filters.page,
    limit: ADMIN_ORDER_PAGE_SIZE,
  })}`;
  return useQuery({
    queryKey: [...ORDERS_KEY, 'list', filters],
    queryFn: ({ signal }) => api.get(path, adminOrderList, { signal }),
    placeholderData: keepPreviousData,
    // The queue is a live board: new orders and other admins' moves show up without a reload.
    refetchInterval: 30_000,
  });
}

/** One order, without its game password (only `has_password`); it refreshes after each move. */
export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get(`/order/api/v1/admin/order/${encodeURIComponent(id)}`, adminOrderDetail, { signal }),
  });
}

/**
 * Decrypts the order's game password. The API audits every call, so this is a mutation run by the
 * admin's click, never a query that could refetch; the answer lives in the page's state, not the cache.
 */
export function useRevealPassword(id: string) {
  return useMutation({
    mutationFn: () =>
      api.post(`/order/api/v1/admin/order/${encodeURIComponent(id)}/reveal-password`, undefined, adminRevealPassword),
  });
}

/** Moves an order; the API refuses with 409 when it moved since the admin saw it (expected_status). */
export function useMoveOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminOrderPatch) =>
      api.patch(`/order/api/v1/admin/order/${encodeURIComponent(id)}`, patch, adminOrderRow),
    // On success and on failure (a 409 means the order changed): show what the order is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** Records that staff refunded a paid bank order that was rejected. */
export function useMarkRefundDone(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api.post(`/order/api/v1/admin/order/${encodeURIComponent(id)}/refund-done`, { note }, adminOrderRow),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
