import { formatVnd, type AdminOrderRow } from '@lucky/shared';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';

export interface ConfirmPaymentDialogProps {
  order: Pick<AdminOrderRow, 'code' | 'total_price'>;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** 'Xác nhận đã nhận tiền' on an unpaid bank order. */
export function ConfirmPaymentDialog({ order, open, busy, onConfirm, onClose }: ConfirmPaymentDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Xác nhận đã nhận tiền"
      confirmLabel="Đã nhận đủ tiền"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      Shop đã nhận đủ {formatVnd(order.total_price)} cho đơn {order.code}? Đơn sẽ chuyển sang &apos;Đang xử lý&apos;.
    </ConfirmDialog>
  );
}
