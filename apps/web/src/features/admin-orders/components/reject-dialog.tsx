import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, API_MESSAGES, ORDER_STATUS, PAY_METHOD } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
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
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';

  const close = () => {
    setTried(false);
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    const text = reason.trim();
    move.mutate(
      { status: ORDER_STATUS.REJECTED, reason: text, result_comment: text, expected_status: status },
      {
        onSuccess: () => {
          showSuccess(`Đã từ chối đơn ${code}`);
          setReason('');
          setTried(false);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) close();
        },
      },
    );
  }

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
        <TextField
          label="Lý do từ chối"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={3}
          autoFocus
          error={tried && missing}
          helperText={
            tried && missing
              ? API_MESSAGES.rejectReasonRequired
              : 'Khách hàng sẽ thấy lý do này trong mục Admin phản hồi'
          }
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
      </Stack>
    </FormDialog>
  );
}
