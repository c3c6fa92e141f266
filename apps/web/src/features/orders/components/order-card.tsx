import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Order } from '@lucky/shared/guards';
import { formatNumber, formatVnd } from '@lucky/shared/money';
import { ORDER_STATUS } from '@lucky/shared/order-status';
import { payMethodLabel } from '@lucky/shared/pay-method';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { formatOrderTime } from '../format';

/** Whether an order's card opens its detail: all but 'Đang xử lý' (docs/decisions/0004). */
export function opensDetail(order: Order): boolean {
  return order.status !== ORDER_STATUS.PROCESSING;
}

/** An order in the list: code, game, time, totals, payment method and status. Plain elements (app/shop.css). */
export function OrderCard({ order }: { order: Order }) {
  const content: ReactNode = (
    <div className="ls-order-card-content">
      <div className="ls-order-card-top">
        <h2 className="ls-subtitle1 ls-mono">{order.code}</h2>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="ls-body1" style={{ fontWeight: 600 }}>
        {order.platform_name}
      </p>
      <p className="ls-body2">
        {formatOrderTime(order.created_at)} · {payMethodLabel(order.pay_method)}
      </p>
      <p className="ls-body2">
        <span className="ls-strong ls-primary-text">{formatVnd(order.total_price)}</span>
        {' · '}
        {formatNumber(order.total_coin)} coin
        {order.total_gift_coin > 0 && ` · tặng ${formatNumber(order.total_gift_coin)} coin`}
      </p>
      {!opensDetail(order) && (
        <p className="ls-body2">Shop đang xử lý đơn này; bạn xem được chi tiết khi đơn hoàn thành.</p>
      )}
    </div>
  );

  return (
    <article className="ls-card ls-order-card">
      {opensDetail(order) ? (
        <RouterLink to={`/gameorder/${order.id}`} state={{ order }} className="ls-card-action">
          {content}
        </RouterLink>
      ) : (
        content
      )}
    </article>
  );
}
