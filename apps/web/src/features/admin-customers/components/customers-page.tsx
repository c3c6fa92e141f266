import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_LIMITS, formatNumber, type AdminUserRow } from '@lucky/shared';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { EmptyState } from '../../../components/admin/empty-state';
import { LoadError, RowsSkeleton } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { formatAdminTime } from '../../../lib/admin-format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { CUSTOMER_PAGE_SIZE, useCustomers } from '../api';
import { AdjustDialog } from './adjust-dialog';
import { LedgerDialog } from './ledger-dialog';

/** /admin/customers: who buys, their coins, and hand adjustments with a reason. */
export function CustomersPage() {
  const { params, update, search, setSearch } = useUrlFilters();
  const q = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const customers = useCustomers(q, page);
  const [ledgerOf, setLedgerOf] = useState<AdminUserRow | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUserRow | null>(null);

  const goTo = (next: number) => update({ page: next === 1 ? undefined : next }, { keepPage: true });

  return (
    <>
      <PageHeading title="Khách hàng" />
      <TextField
        label="Tìm theo email hoặc tên"
        type="search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.keyword } }}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />

      {customers.isPending ? (
        <RowsSkeleton rows={6} height={48} label="Đang tải khách hàng" />
      ) : customers.isError ? (
        <LoadError onRetry={() => void customers.refetch()}>Không tải được danh sách khách hàng.</LoadError>
      ) : customers.data.rows.length === 0 ? (
        <EmptyState>{q ? 'Không có khách hàng nào khớp từ khoá.' : 'Chưa có khách hàng nào.'}</EmptyState>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {formatNumber(customers.data.total)} khách hàng
          </Typography>
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label="Khách hàng">
              <TableHead>
                <TableRow>
                  <TableCell>Khách hàng</TableCell>
                  <TableCell align="right">Số dư coin</TableCell>
                  <TableCell align="right">Coin đang giữ</TableCell>
                  <TableCell align="right">Khả dụng</TableCell>
                  <TableCell align="right">Số đơn</TableCell>
                  <TableCell>Ngày tham gia</TableCell>
                  <TableCell>Thao tác</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {customers.data.rows.map((customer) => (
                  <TableRow key={customer.id}>
                    <TableCell>
                      <Typography variant="body2">{customer.name || '—'}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {customer.email}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{formatNumber(customer.coin_total)}</TableCell>
                    <TableCell align="right">{formatNumber(customer.pending_coins)}</TableCell>
                    <TableCell align="right">{formatNumber(customer.available_coins)}</TableCell>
                    <TableCell align="right">{formatNumber(customer.order_count)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminTime(customer.created_at)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={1}>
                        <Button
                          size="small"
                          onClick={() => setLedgerOf(customer)}
                          aria-label={`Lịch sử coin của ${customer.email}`}
                        >
                          Lịch sử coin
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setAdjusting(customer)}
                          aria-label={`Điều chỉnh coin của ${customer.email}`}
                        >
                          Điều chỉnh coin
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <AdminPagination page={page} total={customers.data.total} pageSize={CUSTOMER_PAGE_SIZE} onChange={goTo} />
        </>
      )}

      {ledgerOf && <LedgerDialog customer={ledgerOf} onClose={() => setLedgerOf(null)} />}
      {adjusting && <AdjustDialog customer={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}
