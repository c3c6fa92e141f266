import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  formatVnd,
  listTotalLabel,
  TRANSFER_SOURCE_LABELS,
  TRANSFER_STATUS_LABELS,
  transferStatus,
  type AdminTransfer,
  type BankProvider,
  type TransferStatus,
} from '@lucky/shared';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { AdminTable } from '../../../components/admin/admin-table';
import { ListStates } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { SearchField } from '../../../components/admin/search-field';
import { StatusTabs } from '../../../components/admin/status-tabs';
import { useToast } from '../../../components/ui/toast';
import { formatAdminTime } from '../../../lib/admin-format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { TRANSFER_PAGE_SIZE, useRetryTransfer, useTransfers } from '../api';
import { AttachDialog } from './attach-dialog';
import { ReconcilePanel } from './reconcile-panel';
import { useConsoleRole } from '../../../lib/console-role';
import { RefundDialog } from './refund-dialog';
import { TransferStatusLabel } from './transfer-status-label';
import { TransferTotals } from './transfer-totals';

const ALL = 'all';
// What needs staff first (money to place, bodies the shop could not read, payments only staff vouch for); then the
// settled; then what does not count: second reports, money out, and 'received' (not handled yet, rare).
const STATUS_TABS: (TransferStatus | typeof ALL)[] = [
  ALL,
  'unmatched',
  'invalid',
  'manual',
  'matched',
  'attached',
  'verified',
  'refunded',
  'duplicate',
  'ignored',
  'received',
];

const TRANSFER_COLUMNS = [
  'Thời gian nhận',
  { label: 'Số tiền', align: 'right' },
  'Nội dung',
  'Nguồn',
  'Trạng thái',
  'Đơn hàng',
  { label: 'Cần hoàn lại', align: 'right' },
  'Thao tác',
] as const;

const PROVIDER_LABELS: Record<BankProvider | 'manual', string> = {
  sepay: 'SePay',
  casso: 'Casso',
  manual: 'Nhân viên',
};

/** The filters live in the address, so a filtered list can be linked, reloaded and gone back to. */
function filtersFrom(params: URLSearchParams) {
  const status = transferStatus.safeParse(params.get('status'));
  const page = Number(params.get('page'));
  return {
    status: status.success ? status.data : undefined,
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** A short description for the row's action buttons, so a screen reader knows which transfer. */
const describe = (transfer: AdminTransfer) =>
  `giao dịch ${formatVnd(transfer.amount_vnd)} lúc ${formatAdminTime(transfer.received_at)}`;

/** The row's anchor, so a second report can point at the first one on the same page. */
const rowAnchor = (id: string) => `giao-dich-${id}`;

/**
 * A second report of one bank movement points at the first, which alone counts: to its row when it is on this page,
 * else to the list searched by the reference (or the memo) they share.
 */
function DuplicateOf({ transfer, firstOnPage }: { transfer: AdminTransfer; firstOnPage: boolean }) {
  if (!transfer.duplicate_of) return null;
  const ref = transfer.duplicate_of.slice(0, 8);
  const label = `Giao dịch gốc ${ref}`;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      Đã tính ở{' '}
      {firstOnPage ? (
        <Link href={`#${rowAnchor(transfer.duplicate_of)}`}>{label}</Link>
      ) : (
        <Link
          component={RouterLink}
          to={`/admin/transfers?q=${encodeURIComponent(transfer.reference || transfer.content)}`}
        >
          {label}
        </Link>
      )}
    </Typography>
  );
}

function TransferRow({
  transfer,
  firstOnPage,
  onAttach,
  onRefund,
  onRetry,
  retrying,
}: {
  transfer: AdminTransfer;
  /** A duplicate's first report is among the rows shown. */
  firstOnPage: boolean;
  onAttach: () => void;
  /** Absent for staff: marking money sent back is the owners'. */
  onRefund?: (() => void) | undefined;
  onRetry: () => void;
  /** 'Đọc lại' of this transfer is under way. */
  retrying: boolean;
}) {
  const outgoing = transfer.direction === 'out';
  return (
    <TableRow
      id={rowAnchor(transfer.id)}
      sx={{ '&:target': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Typography variant="body2">{formatAdminTime(transfer.received_at)}</Typography>
        <Typography variant="caption" color="text.secondary">
          Ngân hàng: {formatAdminTime(transfer.transaction_at)}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
        {/* Money going out is marked in words, not only by the sign. */}
        {outgoing ? `−${formatVnd(transfer.amount_vnd)} (chuyển đi)` : formatVnd(transfer.amount_vnd)}
      </TableCell>
      <TableCell sx={{ minWidth: 200, wordBreak: 'break-word' }}>
        <Typography variant="body2">{transfer.content || '—'}</Typography>
        {transfer.reference && (
          <Typography variant="caption" color="text.secondary">
            Mã tham chiếu: {transfer.reference}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2">{PROVIDER_LABELS[transfer.provider]}</Typography>
        {/* How it reached the shop: the provider's webhook, a pull of its list ('Đối soát ngay'), or staff. */}
        {transfer.source && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {TRANSFER_SOURCE_LABELS[transfer.source]}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          TK {transfer.account_number}
        </Typography>
      </TableCell>
      <TableCell>
        <TransferStatusLabel transfer={transfer} />
        <DuplicateOf transfer={transfer} firstOnPage={firstOnPage} />
      </TableCell>
      <TableCell>
        {transfer.order_id ? (
          <Link
            component={RouterLink}
            to={`/admin/orders/${transfer.order_id}`}
            sx={{ fontWeight: 600, fontFamily: 'monospace' }}
          >
            {transfer.order_code ?? 'Xem đơn'}
          </Link>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {transfer.excess_vnd > 0 ? formatVnd(transfer.excess_vnd) : '—'}
      </TableCell>
      <TableCell>
        {transfer.status === 'unmatched' ? (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="outlined"
              onClick={onAttach}
              aria-label={`Gán vào đơn: ${describe(transfer)}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Gán vào đơn
            </Button>
            {onRefund && (
              <Button
                size="small"
                onClick={onRefund}
                aria-label={`Đã hoàn tiền: ${describe(transfer)}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Đã hoàn tiền
              </Button>
            )}
          </Stack>
        ) : transfer.status === 'invalid' ? (
          <Button
            size="small"
            variant="outlined"
            onClick={onRetry}
            disabled={retrying}
            aria-label={`Đọc lại: ${describe(transfer)}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Đọc lại
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** /admin/transfers: every transfer the bank feed reported, today's totals, and the unmatched ones to settle. */
export function TransfersPage() {
  // Staff see the transfers and attach them; the owners also record money sent back.
  const owner = useConsoleRole() !== 'staff';
  const { params, update, goToPage, search, setSearch } = useUrlFilters();
  const filters = filtersFrom(params);
  const transfers = useTransfers(filters);
  const [attaching, setAttaching] = useState<AdminTransfer | null>(null);
  const [refunding, setRefunding] = useState<AdminTransfer | null>(null);
  const retry = useRetryTransfer();
  const { showSuccess } = useToast();
  const readAgain = (transfer: AdminTransfer) =>
    retry.mutate(transfer.id, {
      onSuccess: (read) => showSuccess(`Đã đọc lại giao dịch: ${TRANSFER_STATUS_LABELS[read.status]}`),
    });

  const filtered = filters.status !== undefined || filters.q.trim() !== '';

  return (
    <>
      <PageHeading title="Giao dịch ngân hàng" />
      <TransferTotals />
      <ReconcilePanel />

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Giao dịch đã nhận
      </Typography>
      <StatusTabs
        value={filters.status ?? ALL}
        tabs={STATUS_TABS}
        label={(status) => (status === ALL ? 'Tất cả' : TRANSFER_STATUS_LABELS[status])}
        onChange={(status) => update({ status: status === ALL ? undefined : status })}
      />
      <SearchField
        label="Tìm theo nội dung, mã tham chiếu, mã đơn hoặc số tiền"
        value={search}
        onChange={setSearch}
        sx={{ mb: 2, width: { xs: '100%', md: 480 } }}
      />

      <ListStates
        query={transfers}
        isEmpty={(data) => data.rows.length === 0}
        skeleton={{ rows: 6, height: 56, label: 'Đang tải giao dịch' }}
        failed="Không tải được danh sách giao dịch."
        empty={filtered ? 'Không có giao dịch nào khớp bộ lọc.' : 'Chưa nhận được giao dịch ngân hàng nào.'}
      >
        {(data) => (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
              {listTotalLabel(data.total)} giao dịch
            </Typography>
            <AdminTable label="Giao dịch ngân hàng" columns={TRANSFER_COLUMNS} dimmed={transfers.isPlaceholderData}>
              {data.rows.map((transfer) => (
                <TransferRow
                  key={transfer.id}
                  transfer={transfer}
                  firstOnPage={data.rows.some((row) => row.id === transfer.duplicate_of)}
                  onAttach={() => setAttaching(transfer)}
                  onRefund={owner ? () => setRefunding(transfer) : undefined}
                  onRetry={() => readAgain(transfer)}
                  retrying={retry.isPending && retry.variables === transfer.id}
                />
              ))}
            </AdminTable>
            <AdminPagination page={filters.page} total={data.total} pageSize={TRANSFER_PAGE_SIZE} onChange={goToPage} />
          </>
        )}
      </ListStates>

      {attaching && <AttachDialog transfer={attaching} onClose={() => setAttaching(null)} />}
      {refunding && <RefundDialog transfer={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}
