import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatNumber, formatVnd, ORDER_STATUS, payMethodLabel, type Order } from '@lucky/shared';
import { formatOrderTime } from '../format';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';

/** Whether an order's card opens its detail: all but 'Đang xử lý' (docs/decisions/0004). */
export function opensDetail(order: Order): boolean {
  return order.status !== ORDER_STATUS.PROCESSING;
}

/** An order in the list: code, game, time, totals, payment method and status. */
export function OrderCard({ order }: { order: Order }) {
  const content: ReactNode = (
    <CardContent sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, fontFamily: 'ui-monospace, monospace' }}>
          {order.code}
        </Typography>
        <OrderStatusBadge status={order.status} />
      </Box>
      <Typography sx={{ fontWeight: 600 }}>{order.platform_name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {formatOrderTime(order.created_at)} · {payMethodLabel(order.pay_method)}
      </Typography>
      <Typography variant="body2">
        <Box component="span" sx={{ fontWeight: 700, color: 'primary.main' }}>
          {formatVnd(order.total_price)}
        </Box>
        {' · '}
        {formatNumber(order.total_coin)} coin
        {order.total_gift_coin > 0 && ` · tặng ${formatNumber(order.total_gift_coin)} coin`}
      </Typography>
      {!opensDetail(order) && (
        <Typography variant="body2" color="text.secondary">
          Shop đang xử lý đơn này; bạn xem được chi tiết khi đơn hoàn thành.
        </Typography>
      )}
    </CardContent>
  );

  return (
    <Card variant="outlined" component="article" sx={{ borderRadius: 2 }}>
      {opensDetail(order) ? (
        <CardActionArea component={RouterLink} to={`/gameorder/${order.id}`} state={{ order }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
