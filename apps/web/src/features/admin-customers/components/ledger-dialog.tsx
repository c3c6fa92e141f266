import { coinReasonLabel } from '@lucky/shared';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber, type AdminLedgerRow, type AdminUserRow } from '@lucky/shared';
import { AdminPagination } from '../../../components/admin/admin-pagination';
import { RowsSkeleton } from '../../../components/admin/load-states';
import { formatAdminTime, formatDelta } from '../../../lib/admin-format';
import { LEDGER_PAGE_SIZE, useLedger } from '../api';


function reasonText(row: AdminLedgerRow): string {
  const base = coinReasonLabel(row.reason);
  const order = row.order_code ? ` (đơn ${row.order_code})` : '';
  const note = row.note && row.note !== row.order_code ? `: ${row.note}` : '';
  return `${base}${order}${note}`;
}

export function LedgerDialog({ customer, onClose }: { customer: AdminUserRow; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger(customer.id, page);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="ledger-dialog-title">
      <DialogTitle id="ledger-dialog-title">Lịch sử coin – {customer.name || customer.email}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Số dư {formatNumber(customer.coin_total)} · đang giữ {formatNumber(customer.pending_coins)} · khả dụng{' '}
          {formatNumber(customer.available_coins)}
        </Typography>
        {ledger.isPending ? (
          <RowsSkeleton rows={4} height={36} />
        ) : ledger.isError ? (
          <Typography color="text.secondary">Không tải được lịch sử coin.</Typography>
        ) : ledger.data.rows.length === 0 ? (
          <Typography color="text.secondary">Khách hàng chưa có giao dịch coin nào.</Typography>
        ) : (
          <>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Lịch sử coin">
                <TableHead>
                  <TableRow>
                    <TableCell>Thời gian</TableCell>
                    <TableCell align="right">Thay đổi</TableCell>
                    <TableCell align="right">Số dư sau</TableCell>
                    <TableCell>Nội dung</TableCell>
                    <TableCell>Người thực hiện</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {ledger.data.rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatAdminTime(row.created_at)}</TableCell>
                      <TableCell
                        align="right"
                        sx={{ fontWeight: 600, color: row.delta < 0 ? 'error.main' : 'success.main', whiteSpace: 'nowrap' }}
                      >
                        {formatDelta(row.delta, formatNumber)}
                      </TableCell>
                      <TableCell align="right">{formatNumber(row.balance_after)}</TableCell>
                      <TableCell>{reasonText(row)}</TableCell>
                      <TableCell>{row.actor_email ?? 'Hệ thống'}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <AdminPagination page={page} total={ledger.data.total} pageSize={LEDGER_PAGE_SIZE} onChange={setPage} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Đóng</Button>
      </DialogActions>
    </Dialog>
  );
}
