import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, ORDER_STATUS, PAY_METHOD, adminRejectForm } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useMoveOrder } from '../api';

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
  const move = useMoveOrder(orderId);
  const { showSuccess } = useToast();
  const form = useForm({ resolver: zodResolver(adminRejectForm), defaultValues: { reason: '' } });

  // Closing keeps what was typed for the next opening, but not the complaint about it.
  const close = () => {
    form.reset(undefined, { keepValues: true });
    onClose();
  };

  const submit = form.handleSubmit(({ reason }) => {
    move.mutate(
      { status: ORDER_STATUS.REJECTED, reason, result_comment: reason, expected_status: status },
      {
        onSuccess: () => {
          showSuccess(`Đã từ chối đơn ${code}`);
          form.reset();
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) close();
        },
      },
    );
  });

  return (
    <FormDialog
      open={open}
      title={`Từ chối đơn ${code}`}
      busy={move.isPending}
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
        <FormTextField
          control={form.control}
          name="reason"
          label="Lý do từ chối"
          required
          multiline
          minRows={3}
          autoFocus
          helperText="Khách hàng sẽ thấy lý do này trong mục Admin phản hồi"
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
      </Stack>
    </FormDialog>
  );
}
