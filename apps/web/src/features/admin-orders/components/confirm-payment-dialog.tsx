import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminConfirmPaymentForm, formatNumber, formatVnd, ORDER_STATUS, type AdminOrderRow } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useMoveFromDialog } from './use-move-from-dialog';

export interface ConfirmPaymentDialogProps {
  order: Pick<AdminOrderRow, 'id' | 'code' | 'total_price' | 'status'>;
  open: boolean;
  onClose: () => void;
}

/** What the typed amount reads as, or null while it is not a whole number. */
function typedAmount(text: string): number | null {
  const cleaned = text.replace(/[\s.]/g, '');
  return /^\d+$/.test(cleaned) ? Number(cleaned) : null;
}

/**
 * 'Xác nhận đã nhận tiền' on an unpaid bank order (0 → 1): staff record the amount they saw arrive in the shop's
 * account (prefilled with the order's total) and, if they have it, the bank's reference. The API keeps it as a
 * manual transfer, counted as the money received and flagged 'Chưa xác thực' until a bank feed reports it
 * (docs/architecture.md "Money paths").
 */
export function ConfirmPaymentDialog({ order, open, onClose }: ConfirmPaymentDialogProps) {
  const defaults = { received_vnd: formatNumber(order.total_price), bank_reference: '' };
  const form = useForm({ resolver: zodResolver(adminConfirmPaymentForm), defaultValues: defaults });
  const typed = typedAmount(useWatch({ control: form.control, name: 'received_vnd' }));

  // Closing keeps what was typed for the next opening, but not the complaint about it.
  const close = () => {
    form.reset(undefined, { keepValues: true });
    onClose();
  };
  const move = useMoveFromDialog({ orderId: order.id, reset: () => form.reset(defaults), onClose, onConflict: close });

  const submit = form.handleSubmit(({ received_vnd, bank_reference }) => {
    move.send(
      {
        status: ORDER_STATUS.PROCESSING,
        expected_status: order.status,
        received_vnd,
        ...(bank_reference === '' ? {} : { bank_reference }),
      },
      `Đã xác nhận nhận tiền đơn ${order.code}`,
    );
  });

  // Shown with thousands dots once the admin leaves the field ('1250000' → '1.250.000').
  const tidy = () => {
    const value = form.getValues('received_vnd');
    const amount = typedAmount(value);
    if (amount !== null && formatNumber(amount) !== value) form.setValue('received_vnd', formatNumber(amount));
  };

  const difference = typed === null || typed === 0 ? 0 : typed - order.total_price;

  return (
    <FormDialog
      open={open}
      title="Xác nhận đã nhận tiền"
      busy={move.busy}
      submitLabel="Xác nhận thanh toán"
      busyLabel="Đang gửi…"
      onClose={close}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">
          Đơn {order.code}, tổng tiền {formatVnd(order.total_price)}. Nhập số tiền bạn thấy đã vào tài khoản ngân hàng của
          shop; đơn sẽ chuyển sang &apos;Đang xử lý&apos; và được đánh dấu &apos;Chưa xác thực&apos; cho tới khi ngân hàng báo
          giao dịch này.
        </Typography>
        <FormTextField
          control={form.control}
          name="received_vnd"
          label="Số tiền đã nhận (VNĐ)"
          required
          autoFocus
          onBlurCapture={tidy}
          helperText="Đúng số tiền trong tài khoản, không phải số khách báo"
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
        />
        {difference < 0 && (
          <Alert severity="warning">
            Ít hơn tổng tiền đơn {formatVnd(-difference)}. Chỉ xác nhận khi shop đồng ý nhận thiếu.
          </Alert>
        )}
        {difference > 0 && (
          <Alert severity="info">Nhiều hơn tổng tiền đơn {formatVnd(difference)}: phần dư sẽ cần hoàn lại cho khách.</Alert>
        )}
        <FormTextField
          control={form.control}
          name="bank_reference"
          label="Mã giao dịch ngân hàng (không bắt buộc)"
          helperText="Mã tham chiếu trên sao kê, giúp khớp khi ngân hàng báo giao dịch"
          slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'off' } }}
        />
      </Stack>
    </FormDialog>
  );
}
