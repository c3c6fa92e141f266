import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { canMoveOrder, ORDER_STATUS, PAY_METHOD, REFUND_STATUS, type AdminOrderDetail } from '@lucky/shared';
import { useToast } from '../../../components/ui/toast';
import { useConsoleRole } from '../../../lib/console-role';
import { useMoveOrder } from '../api';
import { CompleteDialog } from './complete-dialog';
import { ConfirmPaymentDialog } from './confirm-payment-dialog';
import { RefundDoneDialog } from './refund-done-dialog';
import { RejectDialog } from './reject-dialog';

type DialogName = 'confirm' | 'complete' | 'reject' | 'refund' | null;

/** What can be done next with the order, each behind its button (and its dialog when it asks for more). */
export function OrderActions({ order }: { order: AdminOrderDetail }) {
  const role = useConsoleRole();
  const [dialog, setDialog] = useState<DialogName>(null);
  const move = useMoveOrder(order.id);
  const { showSuccess } = useToast();
  const bank = order.pay_method === PAY_METHOD.BANK;
  const close = () => setDialog(null);

  // A coin order is taken in one click; a bank order's payment is confirmed with the amount received (its dialog).
  const accept = () =>
    move.mutate(
      { status: ORDER_STATUS.PROCESSING, expected_status: order.status },
      { onSuccess: () => showSuccess(`Đã nhận xử lý đơn ${order.code}`) },
    );

  const canAccept = order.status === ORDER_STATUS.PENDING && canMoveOrder(order.status, ORDER_STATUS.PROCESSING);
  const canComplete = canMoveOrder(order.status, ORDER_STATUS.COMPLETED);
  const canReject = canMoveOrder(order.status, ORDER_STATUS.REJECTED);
  // Recording money sent back is the owners' (docs/product.md §6): staff see the refund is owed, not the button.
  const refundDue = order.refund_status === REFUND_STATUS.DUE && role === 'owner';
  if (!canAccept && !canComplete && !canReject && !refundDue) return null;

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} aria-label="Thao tác" role="group">
      {canAccept && (
        <Button variant="contained" disabled={move.isPending} onClick={() => (bank ? setDialog('confirm') : accept())}>
          {bank ? 'Xác nhận đã nhận tiền' : 'Nhận xử lý'}
        </Button>
      )}
      {canComplete && (
        <Button variant="contained" color="success" onClick={() => setDialog('complete')}>
          Hoàn thành
        </Button>
      )}
      {canReject && (
        <Button variant="outlined" color="error" onClick={() => setDialog('reject')}>
          Từ chối
        </Button>
      )}
      {refundDue && (
        <Button variant="contained" color="warning" onClick={() => setDialog('refund')}>
          Đã hoàn tiền
        </Button>
      )}

      {bank && canAccept && <ConfirmPaymentDialog order={order} open={dialog === 'confirm'} onClose={close} />}
      {/* Mounted while closed, so it animates out once the refund is recorded and the button is gone. */}
      <RefundDoneDialog order={order} open={dialog === 'refund'} onClose={close} />
      {canComplete && <CompleteDialog orderId={order.id} code={order.code} open={dialog === 'complete'} onClose={close} />}
      {canReject && (
        <RejectDialog
          orderId={order.id}
          code={order.code}
          status={order.status}
          payMethod={order.pay_method}
          open={dialog === 'reject'}
          onClose={close}
        />
      )}
    </Stack>
  );
}
