import { useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminAdjustResponse, adminLedger, adminUserList, type AdminAdjustBody } from '@lucky/shared';
import { api } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { ADMIN_QUERY_KEY, queryString } from '../../lib/admin-api';

export const CUSTOMER_PAGE_SIZE = 20;
export const LEDGER_PAGE_SIZE = 10;

const CUSTOMERS_KEY = [...ADMIN_QUERY_KEY, 'customers'] as const;

export function useCustomers(q: string, page: number) {
  const path = `/user/api/v1/admin/user/list${queryString({ q: q.trim(), page, limit: CUSTOMER_PAGE_SIZE })}`;
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', q.trim(), page],
    queryFn: ({ signal }) => api.get(path, adminUserList, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** A customer's coin ledger, newest first as the API returns it. */
export function useLedger(userId: string | null, page: number) {
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'ledger', userId, page],
    queryFn: ({ signal }) =>
      api.get(
        `/bank/api/v1/admin/ledger/${encodeURIComponent(userId ?? '')}${queryString({ page, limit: LEDGER_PAGE_SIZE })}`,
        adminLedger,
        { signal },
      ),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Grants (positive delta) or deducts (negative) coins; the API refuses to go below what is available. */
export function useAdjustCoins() {
  const queryClient = useQueryClient();
  // One key per adjustment the dialog means: a double submit, or a retry after a lost answer, sends the same
  // key and the API credits once. A different adjustment (another amount, reason or customer) gets a new one.
  const sent = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: AdminAdjustBody) => {
      const text = JSON.stringify(body);
      if (sent.current?.body !== text) sent.current = { body: text, key: newIdempotencyKey() };
      return api.post('/bank/api/v1/admin/adjust', body, adminAdjustResponse, { headers: { 'Idempotency-Key': sent.current.key } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}
