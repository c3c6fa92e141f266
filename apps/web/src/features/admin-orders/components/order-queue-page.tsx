import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import {
  formatNumber,
  formatVnd,
  listTotalLabel,
  ORDER_STATUS_ALL,
  ORDER_STATUS_LABELS,
  PAY_METHOD,
  PAY_METHOD_LABELS,
  payMethodLabel,
  REFUND_STATUS,
  type AdminOrderRow,
} from '@lucky/shared';
import { useAdminPlatforms } from '../../../lib/admin-api';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { AdminTable } from '../../../components/admin/admin-table';
import { FilterSelect } from '../../../components/admin/filter-select';
import { ListStates } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { SearchField } from '../../../components/admin/search-field';
import { StatusTabs } from '../../../components/admin/status-tabs';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { formatAdminTime } from '../../../lib/admin-format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { ADMIN_ORDER_PAGE_SIZE, useOrderQueue, type OrderQueueFilters } from '../api';
import { DueMarker } from './due-marker';
import { UnverifiedMarker } from './unverified-marker';

const STATUS_TABS = [ORDER_STATUS_ALL, 0, 1, 2, 3];

function intParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  return Number.isInteger(value) ? value : undefined;
}

/** The filters live in the address, so a filtered queue can be linked, reloaded and gone back to. */
function filtersFrom(params: URLSearchParams): OrderQueueFilters & { risk: boolean } {
  const status = intParam(params, 'status');
  const page = intParam(params, 'page');
  return {
    status: status !== undefined && STATUS_TABS.includes(status) ? status : ORDER_STATUS_ALL,
    payMethod: intParam(params, 'pay_method'),
    platformId: intParam(params, 'platform_id'),
    q: params.get('q') ?? '',
    page: page !== undefined && page >= 1 ? page : 1,
    risk: params.get('risk') === '1',
  };
}

const ORDER_COLUMNS = [
  'Mã đơn',
  'Khách hàng',
  'Trò chơi',
  'Thanh toán',
  { label: 'Tổng', align: 'right' },
  'Trạng thái',
  'Hạn xử lý',
] as const;

export function orderTotal(row: Pick<AdminOrderRow, 'pay_method' | 'total_price' | 'total_coin'>): string {
  return row.pay_method === PAY_METHOD.COIN ? `${formatNumber(row.total_coin)} coin` : formatVnd(row.total_price);
}

/** /admin/orders: the work queue, open orders due soonest first. */
export function OrderQueuePage() {
  // Turning pages stays in the risk view; any other change leaves it.
  const { params, update, goToPage, search, setSearch } = useUrlFilters({ resetKeys: ['risk'] });
  const navigate = useNavigate();
  const filters = filtersFrom(params);
  // The risk view (the dashboard's link) asks the API for at-risk orders only, paged like the queue;
  // the other filters do not apply to it.
  const queue = useOrderQueue(
    filters.risk ? { status: ORDER_STATUS_ALL, q: '', atRisk: true, page: filters.page } : filters,
  );
  const platforms = useAdminPlatforms();

  return (
    <>
      <PageHeading title="Hàng đợi đơn hàng" />

      {filters.risk && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => update({})}>
              Xem toàn bộ
            </Button>
          }
        >
          Đang xem các đơn sắp trễ hoặc đã trễ hạn xử lý.
        </Alert>
      )}

      <StatusTabs
        value={filters.risk ? false : filters.status}
        tabs={STATUS_TABS}
        label={(status) => ORDER_STATUS_LABELS[status]}
        onChange={(status) => update({ status: status === ORDER_STATUS_ALL ? undefined : status })}
      />

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField label="Tìm theo mã đơn, email hoặc tên" value={search} onChange={setSearch} sx={{ flexGrow: 1 }} />
        <FilterSelect
          label="Thanh toán"
          value={filters.payMethod ?? ''}
          onChange={(value) => update({ pay_method: value })}
        >
          {Object.entries(PAY_METHOD_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={Number(value)}>
              {label}
            </MenuItem>
          ))}
        </FilterSelect>
        <FilterSelect
          label="Trò chơi"
          value={filters.platformId ?? ''}
          onChange={(value) => update({ platform_id: value })}
        >
          {platforms.data?.map((platform) => (
            <MenuItem key={platform.id} value={platform.id}>
              {platform.name}
              {platform.is_active ? '' : ' (đang ẩn)'}
            </MenuItem>
          ))}
        </FilterSelect>
      </Stack>

      <ListStates
        query={queue}
        isEmpty={(data) => data.rows.length === 0}
        skeleton={{ rows: 6, height: 48, label: 'Đang tải đơn hàng' }}
        failed="Không tải được danh sách đơn hàng."
        empty={filters.risk ? 'Không có đơn nào sắp trễ hạn.' : 'Không có đơn hàng nào khớp bộ lọc.'}
      >
        {(data) => (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
              {`${listTotalLabel(data.total)} đơn${filters.risk ? ' sắp trễ hoặc đã trễ hạn' : ''}`}
            </Typography>
            <AdminTable label="Đơn hàng" columns={ORDER_COLUMNS} dimmed={queue.isPlaceholderData}>
              {data.rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  onClick={() => void navigate(`/admin/orders/${row.id}`)}
                  sx={[
                    { cursor: 'pointer' },
                    row.at_risk && ((theme) => ({ bgcolor: alpha(theme.palette.warning.main, 0.14) })),
                  ]}
                >
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={`/admin/orders/${row.id}`}
                      onClick={(event) => event.stopPropagation()}
                      sx={{ fontWeight: 600, fontFamily: 'monospace' }}
                    >
                      {row.code}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2">{row.customer_name || '—'}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {row.customer_email}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.platform_name}</TableCell>
                  <TableCell>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <span>{payMethodLabel(row.pay_method)}</span>
                      {row.payment_unverified && <UnverifiedMarker />}
                    </Stack>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {orderTotal(row)}
                    {/* Owed back is what was received, which may differ from the total. */}
                    {row.refund_status === REFUND_STATUS.DUE && (
                      <Typography variant="caption" color="text.secondary" component="div">
                        Cần hoàn {formatVnd(row.refund_vnd)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <OrderStatusBadge status={row.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <span>{formatAdminTime(row.due_at)}</span>
                      {row.at_risk && <DueMarker dueAt={row.due_at} />}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </AdminTable>
            <AdminPagination
              page={filters.page}
              total={data.total}
              pageSize={ADMIN_ORDER_PAGE_SIZE}
              onChange={goToPage}
            />
          </>
        )}
      </ListStates>
    </>
  );
}
