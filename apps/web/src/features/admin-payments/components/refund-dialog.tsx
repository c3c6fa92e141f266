import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminTransferRefund, formatVnd, type AdminTransfer } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { NoteField } from '../../../components/admin/note-field';
import { useToast } from '../../../components/ui/toast';
import { useRefundTransfer } from '../api';
import { TransferSummary } from './transfer-summary';

export interface RefundDialogProps {
  transfer: AdminTransfer;
  onClose: () => void;
}

/** 'Đã hoàn tiền': records that staff sent an unmatched transfer back to its sender. */
export function RefundDialog({ transfer, onClose }: RefundDialogProps) {
  const refund = useRefundTransfer(transfer.id);
  const { showSuccess } = useToast();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminTransferRefund),
    defaultValues: { note: '' },
  });

  const submit = handleSubmit(({ note }) => {
    refund.mutate(note, {
      onSuccess: () => {
        showSuccess(`Đã ghi nhận hoàn tiền giao dịch ${formatVnd(transfer.amount_vnd)}`);
        onClose();
      },
    });
  });

  return (
    <FormDialog
      title="Ghi nhận đã hoàn tiền"
      busy={refund.isPending}
      submitLabel="Đã hoàn tiền"
      busyLabel="Đang ghi nhận…"
      onClose={onClose}
      onSubmit={submit}
    >
      <TransferSummary transfer={transfer} />
      <Typography variant="body2" sx={{ mb: 2 }}>
        Shop đã chuyển trả {formatVnd(transfer.amount_vnd)} cho người gửi? Giao dịch sẽ không thể gán vào đơn nữa.
      </Typography>
      <NoteField
        control={control}
        name="note"
        label="Ghi chú (không bắt buộc)"
        fullWidth
        minRows={2}
        autoFocus
        helperText="Ví dụ: mã giao dịch hoàn tiền, tài khoản nhận"
      />
    </FormDialog>
  );
}
