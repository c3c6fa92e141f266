import { useState } from 'react';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_LIMITS, formatVnd, type AdminOrderRow } from '@lucky/shared';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { useMarkRefundDone } from '../api';

export interface RefundDoneDialogProps {
  order: Pick<AdminOrderRow, 'id' | 'code' | 'refund_vnd'>;
  open: boolean;
  onClose: () => void;
}

/** 'Đã hoàn tiền': the owner records that the money owed on a rejected paid bank order was sent back. */
export function RefundDoneDialog({ order, open, onClose }: RefundDoneDialogProps) {
  const [note, setNote] = useState('');
  const refund = useMarkRefundDone(order.id);
  const { showSuccess } = useToast();
  return (
    <ConfirmDialog
      open={open}
      title="Ghi nhận đã hoàn tiền"
      confirmLabel="Đã hoàn tiền"
      busy={refund.isPending}
      onConfirm={() =>
        refund.mutate(note.trim(), {
          onSuccess: () => {
            showSuccess(`Đã ghi nhận hoàn tiền đơn ${order.code}`);
            onClose();
          },
        })
      }
      onClose={onClose}
    >
      <Typography sx={{ mb: 2 }}>
        Đã chuyển lại {formatVnd(order.refund_vnd)} cho khách của đơn {order.code}?
      </Typography>
      <TextField
        label="Ghi chú (không bắt buộc)"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        fullWidth
        slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
      />
    </ConfirmDialog>
  );
}
