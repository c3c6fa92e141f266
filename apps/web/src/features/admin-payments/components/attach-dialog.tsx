import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ERROR_CODES, adminTransferAttach, formatVnd, type AdminTransfer } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { NoteField } from '../../../components/admin/note-field';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAttachTransfer } from '../api';
import { TransferSummary } from './transfer-summary';

const ORDER_CODE_MAX = 40;
const CONFIRM_SHORT = 'Hãy đánh dấu xác nhận nếu vẫn muốn gán giao dịch vào đơn này';

export interface AttachDialogProps {
  transfer: AdminTransfer;
  onClose: () => void;
}

/**
 * 'Gán vào đơn': pays an order with an unmatched transfer. When the transfer is smaller than the
 * order, the API answers TRANSFER_SHORT; the admin must then tick an explicit confirmation to resend.
 */
export function AttachDialog({ transfer, onClose }: AttachDialogProps) {
  const attach = useAttachTransfer(transfer.id);
  const { showSuccess, showError } = useToast();
  const { control, handleSubmit, setError, setValue, clearErrors } = useForm({
    resolver: zodResolver(adminTransferAttach),
    defaultValues: { order_code: '', accept_short: false, note: '' },
  });
  /** The API's TRANSFER_SHORT message, for the order code it was about. */
  const [short, setShort] = useState<{ code: string; message: string } | null>(null);

  // The code as the API stores it (the contract normalises it); the warning holds only for the order it
  // was given for, and another code is asked about afresh.
  const typedCode = useWatch({ control, name: 'order_code' });
  const orderCode = adminTransferAttach.shape.order_code.safeParse(typedCode);
  const shortHere = short !== null && orderCode.success && short.code === orderCode.data;

  const submit = handleSubmit(({ order_code, accept_short, note }) => {
    if (shortHere && !accept_short) {
      setError('accept_short', { message: CONFIRM_SHORT });
      return;
    }
    attach.mutate(
      { order_code, accept_short: shortHere && accept_short, note },
      {
        onSuccess: (result) => {
          showSuccess(`Đã gán giao dịch ${formatVnd(transfer.amount_vnd)} vào đơn ${result.order_code ?? order_code}`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODES.TRANSFER_SHORT) {
            setShort({ code: order_code, message: error.message });
            setValue('accept_short', false);
            clearErrors('accept_short');
          } else {
            showError(error);
          }
        },
      },
    );
  });

  return (
    <FormDialog
      title="Gán giao dịch vào đơn"
      busy={attach.isPending}
      submitLabel="Gán vào đơn"
      busyLabel="Đang gán…"
      onClose={onClose}
      onSubmit={submit}
    >
      <TransferSummary transfer={transfer} />
      <Stack spacing={2}>
        <FormTextField
          control={control}
          name="order_code"
          label="Mã đơn hàng"
          required
          autoFocus
          helperText="Đơn chuyển khoản đang chờ thanh toán"
          slotProps={{
            htmlInput: { maxLength: ORDER_CODE_MAX, autoCapitalize: 'characters', spellCheck: false },
          }}
        />
        <NoteField
          control={control}
          name="note"
          label="Ghi chú (không bắt buộc)"
          minRows={2}
          helperText="Lưu vào nhật ký thao tác"
        />
        {shortHere && (
          <>
            <Alert severity="warning">{short.message}</Alert>
            <Controller
              control={control}
              name="accept_short"
              render={({ field, fieldState }) => (
                <FormControl error={fieldState.error !== undefined}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        name={field.name}
                        checked={field.value ?? false}
                        onChange={(event) => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        // Focus moves here when the question appears, so a keyboard user meets it next.
                        autoFocus
                      />
                    }
                    label="Xác nhận gán dù chuyển thiếu"
                  />
                  {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                </FormControl>
              )}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
