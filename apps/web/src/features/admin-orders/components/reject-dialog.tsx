import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ORDER_STATUS, PAY_METHOD, adminRejectForm } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { NoteField } from '../../../components/admin/note-field';
import { useMoveFromDialog } from './use-move-from-dialog';

export interface RejectDialogProps {
  orderId: string;
  code: string;
  status: number;
  payMethod: number;
  open: boolean;
  onClose: () => void;
}

/** 0/1 → 3 with a required reason; the reason is also the reply the customer reads. */
export function RejectDialog({ orderId, code, status, payMethod, open, onClose }: RejectDialogProps) {
  const form = useForm({ resolver: zodResolver(adminRejectForm), defaultValues: { reason: '' } });

  // Closing keeps what was typed for the next opening, but not the complaint about it.
  const close = () => {
    form.reset(undefined, { keepValues: true });
    onClose();
  };

  const move = useMoveFromDialog({ orderId, reset: () => form.reset(), onClose, onConflict: close });

  const submit = form.handleSubmit(({ reason }) => {
    move.send(
      { status: ORDER_STATUS.REJECTED, reason, result_comment: reason, expected_status: status },
      `Đã từ chối đơn ${code}`,
    );
  });

  return (
    <FormDialog
      open={open}
      title={`Từ chối đơn ${code}`}
      busy={move.busy}
      submitLabel="Từ chối đơn"
      busyLabel="Đang gửi…"
      submitColor="error"
      onClose={close}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {payMethod === PAY_METHOD.COIN ? (
          <Alert severity="info">Số coin đang giữ cho đơn này sẽ được trả lại cho khách.</Alert>
        ) : status === ORDER_STATUS.PROCESSING ? (
          <Alert severity="warning">
            Đơn đã thanh toán: sau khi từ chối, hãy chuyển khoản hoàn tiền cho khách rồi bấm 'Đã hoàn tiền'.
          </Alert>
        ) : null}
        <NoteField
          control={form.control}
          name="reason"
          label="Lý do từ chối"
          required
          minRows={3}
          autoFocus
          helperText="Khách hàng sẽ thấy lý do này trong mục Admin phản hồi"
        />
      </Stack>
    </FormDialog>
  );
}
