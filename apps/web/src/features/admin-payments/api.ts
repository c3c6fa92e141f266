import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminTransfer,
  adminTransferList,
  adminDayReport,
  adminTransferTotals,
  bankFeedStatuses,
  reconcileResult,
  type AdminTransferAttach,
  type TransferStatus,
} from '@lucky/shared';
import { api, authorizedFetch } from '../../lib/api-client';
import { ADMIN_QUERY_KEY, queryString } from '../../lib/admin-api';

export const TRANSFER_PAGE_SIZE = 20;

/** The live-events code invalidates this prefix when a transfer arrives or changes. */
export const TRANSFERS_KEY = [...ADMIN_QUERY_KEY, 'transfers'] as const;
const ORDERS_KEY = [...ADMIN_QUERY_KEY, 'orders'] as const;

// A fallback for when the live stream is down; live events refresh the page sooner.
const REFRESH_MS = 60_000;

export interface TransferFilters {
  /** Undefined = every status. */
  status?: TransferStatus;
  q: string;
  page: number;
}

/** Received transfers, newest first as the API returns them. */
export function useTransfers(filters: TransferFilters) {
  const q = filters.q.trim();
  const path = `/payment/api/v1/admin/transfer/list${queryString({
    status: filters.status,
    q,
    page: filters.page,
    limit: TRANSFER_PAGE_SIZE,
  })}`;
  return useQuery({
    queryKey: [...TRANSFERS_KEY, 'list', filters.status ?? '', q, filters.page],
    queryFn: ({ signal }) => api.get(path, adminTransferList, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** Today's reconciliation figures (shop's day). */
export function useTransferTotals() {
  return useQuery({
    queryKey: [...TRANSFERS_KEY, 'totals'],
    queryFn: ({ signal }) => api.get('/payment/api/v1/admin/transfer/totals', adminTransferTotals, { signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** Success or failure, the transfer and maybe an order moved: show both as they are now. */
function useInvalidateAfterAction() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TRANSFERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
    ]);
}

/**
 * Pays an order with an unmatched transfer. Silent: the dialog reports failures itself, because a
 * TRANSFER_SHORT answer is a question to the admin, not an error toast.
 */
export function useAttachTransfer(id: string) {
  const invalidate = useInvalidateAfterAction();
  return useMutation({
    mutationFn: (body: AdminTransferAttach) =>
      api.post(`/payment/api/v1/admin/transfer/${encodeURIComponent(id)}/attach`, body, adminTransfer),
    meta: { silent: true },
    onSettled: invalidate,
  });
}

/** Records that staff sent an unmatched transfer back to its sender. */
export function useRefundTransfer(id: string) {
  const invalidate = useInvalidateAfterAction();
  return useMutation({
    mutationFn: (note: string) =>
      api.post(`/payment/api/v1/admin/transfer/${encodeURIComponent(id)}/refund`, { note }, adminTransfer),
    onSettled: invalidate,
  });
}

/**
 * 'Đọc lại' on an unreadable ('invalid') transfer: the API reads its stored body again; read, it takes the path of
 * every transfer (it may pay its order), else it stays as it is and the API's refusal is the toast.
 */
export function useRetryTransfer() {
  const invalidate = useInvalidateAfterAction();
  return useMutation({
    mutationFn: (id: string) => api.post(`/payment/api/v1/admin/transfer/${encodeURIComponent(id)}/retry`, undefined, adminTransfer),
    onSettled: invalidate,
  });
}

const RECONCILE_PATH = '/payment/api/v1/admin/reconcile';

/**
 * Where each configured bank feed's pulls stand (null-free: an empty list when none is configured). Silent:
 * the page works without it, so a failure hides the section rather than raising a toast.
 */
export function useBankFeeds() {
  return useQuery({
    queryKey: [...TRANSFERS_KEY, 'feeds'],
    queryFn: ({ signal }) => api.get(RECONCILE_PATH, bankFeedStatuses, { signal }),
    refetchInterval: REFRESH_MS,
    meta: { silent: true },
  });
}

/**
 * 'Đối soát ngay': the API pulls every configured feed before it answers, per provider what it listed and
 * what was new; the transfers, the feeds' state and the orders (a missed payment pays its order) are read again.
 */
export function useReconcileNow() {
  const invalidate = useInvalidateAfterAction();
  return useMutation({
    mutationFn: () => api.post(RECONCILE_PATH, undefined, reconcileResult),
    onSettled: invalidate,
  });
}

/** One shop day's books (owners): money in by provider, each kind of transfer, refunds, bank orders and coins. */
export function useDayReport(day: string) {
  return useQuery({
    queryKey: [...TRANSFERS_KEY, 'report', day],
    queryFn: ({ signal }) => api.get(`/payment/api/v1/admin/report${queryString({ day })}`, adminDayReport, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** The accountant's files (owners): orders, transfers and the coin ledger. */
export const EXPORT_FILES = ['orders', 'transfers', 'ledger'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

/**
 * Downloads one CSV file of a shop day. Fetched with the session's credentials (a plain link would carry none),
 * then handed to the browser as a file download under the name the API gives it.
 */
async function downloadExport(file: ExportFile, day: string): Promise<void> {
  const path = `/payment/api/v1/admin/export/${file}.csv${queryString({ from: day, to: day })}`;
  const response = await authorizedFetch(path, { headers: { accept: 'text/csv' } });
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named?.[1] ?? `${file}-${day}.csv`;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the object URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** 'Tải …' buttons: the file downloads, or the API's refusal is the toast. */
export function useDownloadExport() {
  return useMutation({ mutationFn: ({ file, day }: { file: ExportFile; day: string }) => downloadExport(file, day) });
}
