import Alert from '@mui/material/Alert';
import {
  formatVnd,
  ORDER_STATUS,
  PAY_METHOD,
  payMethodLabel,
  REFUND_STATUS,
  type AdminOrderDetail,
} from '@lucky/shared';
import { Fields } from '../../../components/admin/fields';
import { formatAdminTime } from '../../../lib/admin-format';

function paymentState(order: AdminOrderDetail): string {
  if (order.pay_method === PAY_METHOD.COIN) {
    if (order.status === ORDER_STATUS.COMPLETED) return 'Đã trừ coin';
    if (order.status === ORDER_STATUS.REJECTED) return 'Đã trả lại coin đang giữ';
    return 'Đang giữ coin của khách';
  }
  // What is owed back is what was received for it (less any excess its transfers owe), never the total by itself.
  if (order.refund_status === REFUND_STATUS.DUE) return `Cần hoàn ${formatVnd(order.refund_vnd)}`;
  if (order.refund_status === REFUND_STATUS.DONE) return 'Đã hoàn tiền cho khách';
  if (order.paid_at) return `Đã nhận tiền lúc ${formatAdminTime(order.paid_at)}`;
  return 'Chưa nhận tiền';
}

/**
 * What a bank order's transfers brought, staff's manual records included; the heading carries the 'Chưa xác thực'
 * marker, and the amount says whose word it rests on.
 */
function moneyFields(order: AdminOrderDetail): Array<readonly [string, string]> {
  if (order.pay_method !== PAY_METHOD.BANK) return [];
  const unverified = order.payment_unverified ? ' (nhân viên nhập tay, chưa xác thực)' : '';
  return [['Tiền đã nhận', `${formatVnd(order.received_vnd)}${unverified}`]];
}

/** The order's customer, payment and times, and the refund it owes. */
export function OrderSummary({ order }: { order: AdminOrderDetail }) {
  return (
    <>
      <Fields
        items={[
          ['Khách hàng', `${order.customer_name || '—'} (${order.customer_email})`],
          ['Trò chơi', order.platform_name],
          ['Thanh toán', payMethodLabel(order.pay_method)],
          ['Trạng thái thanh toán', paymentState(order)],
          ...moneyFields(order),
          ['Đặt lúc', formatAdminTime(order.created_at)],
          ['Hạn xử lý', formatAdminTime(order.due_at)],
          ['Kết thúc lúc', formatAdminTime(order.finished_at)],
        ]}
      />
      {order.refund_status === REFUND_STATUS.DUE && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Đơn đã thanh toán nhưng bị từ chối: cần chuyển khoản hoàn {formatVnd(order.refund_vnd)} cho khách.
        </Alert>
      )}
    </>
  );
}
