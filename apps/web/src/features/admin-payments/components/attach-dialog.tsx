import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_LIMITS, API_MESSAGES, ERROR_CODES, formatVnd, type AdminTransfer } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAttachTransfer } from '../api';
import { TransferSummary } from './transfer-summary';

const ORDER_CODE_MAX = 40;

/** The code as the API stores it (the API normalises it the same way). */
const normalise = (code: string) => code.trim().toUpperCase();

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
  const [code, setCode] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  /** The API's TRANSFER_SHORT message, for the order code it was about. */
  const [short, setShort] = useState<{ code: string; message: string } | null>(null);
  const [acceptShort, setAcceptShort] = useState(false);
  const [confirmTried, setConfirmTried] = useState(false);

  const orderCode = normalise(code);
  const codeError = tried && orderCode === '';
  // The warning holds only for the order it was given for; another code is asked about afresh.
  const shortHere = short !== null && short.code === orderCode;
  const confirmMissing = shortHere && confirmTried && !acceptShort;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (orderCode === '') return;
    if (shortHere && !acceptShort) {
      setConfirmTried(true);
      return;
    }
    attach.mutate(
      { order_code: orderCode, accept_short: shortHere && acceptShort, note: note.trim() },
      {
        onSuccess: (result) => {
          showSuccess(`Đã gán giao dịch ${formatVnd(transfer.amount_vnd)} vào đơn ${result.order_code ?? orderCode}`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ERROR_CODES.TRANSFER_SHORT) {
            setShort({ code: orderCode, message: error.message });
            setAcceptShort(false);
            setConfirmTried(false);
          } else {
            showError(error);
          }
        },
      },
    );
  }

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
        <TextField
          label="Mã đơn hàng"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
          autoFocus
          error={codeError}
          helperText={codeError ? API_MESSAGES.orderCodeRequired : 'Đơn chuyển khoản đang chờ thanh toán'}
          slotProps={{
            htmlInput: { maxLength: ORDER_CODE_MAX, autoCapitalize: 'characters', spellCheck: false },
          }}
        />
        <TextField
          label="Ghi chú (không bắt buộc)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          helperText="Lưu vào nhật ký thao tác"
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
        {shortHere && (
          <>
            <Alert severity="warning">{short.message}</Alert>
            <FormControl error={confirmMissing}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={acceptShort}
                    onChange={(event) => setAcceptShort(event.target.checked)}
                    // Focus moves here when the question appears, so a keyboard user meets it next.
                    autoFocus
                  />
                }
                label="Xác nhận gán dù chuyển thiếu"
              />
              {confirmMissing && (
                <FormHelperText>Hãy đánh dấu xác nhận nếu vẫn muốn gán giao dịch vào đơn này</FormHelperText>
              )}
            </FormControl>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
