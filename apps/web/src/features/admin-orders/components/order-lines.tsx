import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatNumber, formatVnd, PAY_METHOD, type AdminOrderDetail } from '@lucky/shared';
import { Fields } from '../../../components/admin/fields';

/** The products bought, at the prices (or coins) copied at purchase, and the order's totals. */
export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const coin = order.pay_method === PAY_METHOD.COIN;
  return (
    <>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Sản phẩm trong đơn">
          <TableHead>
            <TableRow>
              <TableCell>Sản phẩm</TableCell>
              <TableCell align="right">SL</TableCell>
              <TableCell align="right">{coin ? 'Coin' : 'Đơn giá'}</TableCell>
              <TableCell align="right">Thành tiền</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.stores.map((line) => (
              <TableRow key={line.store_id}>
                <TableCell>{line.name}</TableCell>
                <TableCell align="right">{formatNumber(line.quantity)}</TableCell>
                <TableCell align="right">{coin ? formatNumber(line.coin) : formatVnd(line.price)}</TableCell>
                <TableCell align="right">
                  {coin ? `${formatNumber(line.coin * line.quantity)} coin` : formatVnd(line.price * line.quantity)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Fields
        items={[
          ['Tổng tiền', formatVnd(order.total_price)],
          ['Tổng coin', formatNumber(order.total_coin)],
          ['Coin tặng', coin ? '0 (thanh toán bằng coin)' : formatNumber(order.total_gift_coin)],
        ]}
      />
    </>
  );
}
