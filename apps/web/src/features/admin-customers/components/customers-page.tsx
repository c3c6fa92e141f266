import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, listTotalLabel, type AdminUserRow } from '@lucky/shared';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { AdminTable } from '../../../components/admin/admin-table';
import { ListStates } from '../../../components/admin/load-states';
import { PageHeading } from '../../../components/admin/page-heading';
import { SearchField } from '../../../components/admin/search-field';
import { formatAdminTime } from '../../../lib/admin-format';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { CUSTOMER_PAGE_SIZE, useCustomers } from '../api';
import { AdjustDialog } from './adjust-dialog';
import { LedgerDialog } from './ledger-dialog';

const CUSTOMER_COLUMNS = [
  'Khách hàng',
  { label: 'Số dư coin', align: 'right' },
  { label: 'Coin đang giữ', align: 'right' },
  { label: 'Khả dụng', align: 'right' },
  { label: 'Số đơn', align: 'right' },
  'Ngày tham gia',
  'Thao tác',
] as const;

/** /admin/customers: who buys, their coins, and hand adjustments with a reason. */
export function CustomersPage() {
  const { params, goToPage, search, setSearch } = useUrlFilters();
  const q = params.get('q') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;
  const customers = useCustomers(q, page);
  const [ledgerOf, setLedgerOf] = useState<AdminUserRow | null>(null);
  const [adjusting, setAdjusting] = useState<AdminUserRow | null>(null);

  return (
    <>
      <PageHeading title="Khách hàng" />
      <SearchField
        label="Tìm theo email hoặc tên"
        value={search}
        onChange={setSearch}
        sx={{ mb: 2, width: { xs: '100%', sm: 360 } }}
      />

      <ListStates
        query={customers}
        isEmpty={(data) => data.rows.length === 0}
        skeleton={{ rows: 6, height: 48, label: 'Đang tải khách hàng' }}
        failed="Không tải được danh sách khách hàng."
        empty={q ? 'Không có khách hàng nào khớp từ khoá.' : 'Chưa có khách hàng nào.'}
      >
        {(data) => (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {listTotalLabel(data.total)} khách hàng
            </Typography>
            <AdminTable label="Khách hàng" columns={CUSTOMER_COLUMNS}>
              {data.rows.map((customer) => (
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
            </AdminTable>
            <AdminPagination page={page} total={data.total} pageSize={CUSTOMER_PAGE_SIZE} onChange={goToPage} />
          </>
        )}
      </ListStates>

      {ledgerOf && <LedgerDialog customer={ledgerOf} onClose={() => setLedgerOf(null)} />}
      {adjusting && <AdjustDialog customer={adjusting} onClose={() => setAdjusting(null)} />}
    </>
  );
}
