import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
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
import { EmptyState } from '../../../components/admin/empty-state';
import { LoadError, RowsSkeleton } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { SearchField } from '../../../components/admin/search-field';
import { formatAdminTime } from '../../../lib/admin-format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { TRANSFER_PAGE_SIZE, useTransfers } from '../api';
import { AttachDialog } from './attach-dialog';
import { ReconcilePanel } from './reconcile-panel';
import { RefundDialog } from './refund-dialog';
import { TransferStatusLabel } from './transfer-status-label';
import { TransferTotals } from './transfer-totals';

const ALL = 'all';
// What needs staff first; 'received' (not handled yet) is rare and last.
const STATUS_TABS: (TransferStatus | typeof ALL)[] = [
  ALL,
  'unmatched',
  'matched',
  'attached',
  'refunded',
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

const PROVIDER_LABELS: Record<BankProvider | 'manual', string> = { sepay: 'SePay', casso: 'Casso', manual: 'Nhân viên' };

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

function TransferRow({
  transfer,
  onAttach,
  onRefund,
}: {
  transfer: AdminTransfer;
  onAttach: () => void;
  onRefund: () => void;
}) {
  const outgoing = transfer.direction === 'out';
  return (
    <TableRow>
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
            <Button
              size="small"
              onClick={onRefund}
              aria-label={`Đã hoàn tiền: ${describe(transfer)}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Đã hoàn tiền
            </Button>
          </Stack>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** /admin/transfers: every transfer the bank feed reported, today's totals, and the unmatched ones to settle. */
export function TransfersPage() {
  const { params, update, search, setSearch } = useUrlFilters();
  const filters = filtersFrom(params);
  const transfers = useTransfers(filters);
  const [attaching, setAttaching] = useState<AdminTransfer | null>(null);
  const [refunding, setRefunding] = useState<AdminTransfer | null>(null);

  const filtered = filters.status !== undefined || filters.q.trim() !== '';

  return (
    <>
      <PageHeading title="Giao dịch ngân hàng" />
      <TransferTotals />
      <ReconcilePanel />

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Giao dịch đã nhận
      </Typography>
      <Tabs
        value={filters.status ?? ALL}
        onChange={(_event, value: string) => update({ status: value === ALL ? undefined : value })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Lọc theo trạng thái"
        sx={{ mb: 2 }}
      >
        {STATUS_TABS.map((status) => (
          <Tab key={status} value={status} label={status === ALL ? 'Tất cả' : TRANSFER_STATUS_LABELS[status]} />
        ))}
      </Tabs>
      <SearchField
        label="Tìm theo nội dung, mã tham chiếu, mã đơn hoặc số tiền"
        value={search}
        onChange={setSearch}
        sx={{ mb: 2, width: { xs: '100%', md: 480 } }}
      />

      {transfers.isPending ? (
        <RowsSkeleton rows={6} height={56} label="Đang tải giao dịch" />
      ) : transfers.isError ? (
        <LoadError onRetry={() => void transfers.refetch()}>Không tải được danh sách giao dịch.</LoadError>
      ) : transfers.data.rows.length === 0 ? (
        <EmptyState>
          {filtered ? 'Không có giao dịch nào khớp bộ lọc.' : 'Chưa nhận được giao dịch ngân hàng nào.'}
        </EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
            {listTotalLabel(transfers.data.total)} giao dịch
          </Typography>
          <AdminTable label="Giao dịch ngân hàng" columns={TRANSFER_COLUMNS} dimmed={transfers.isPlaceholderData}>
            {transfers.data.rows.map((transfer) => (
              <TransferRow
                key={transfer.id}
                transfer={transfer}
                onAttach={() => setAttaching(transfer)}
                onRefund={() => setRefunding(transfer)}
              />
            ))}
          </AdminTable>
          <AdminPagination
            page={filters.page}
            total={transfers.data.total}
            pageSize={TRANSFER_PAGE_SIZE}
            onChange={(page) => update({ page: page === 1 ? undefined : page }, { keepPage: true })}
          />
        </>
      )}

      {attaching && <AttachDialog transfer={attaching} onClose={() => setAttaching(null)} />}
      {refunding && <RefundDialog transfer={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}
