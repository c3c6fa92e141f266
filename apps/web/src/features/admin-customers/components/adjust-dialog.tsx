import { useState, type FormEvent } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_LIMITS, API_MESSAGES, formatNumber, type AdminUserRow } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { useToast } from '../../../components/ui/toast';
import { formatDelta } from '../../../lib/admin-format';
import { useAdjustCoins } from '../api';

/** The delta typed, or null unless it is a whole number other than 0 within the limit. */
export function parseDelta(text: string): number | null {
  const cleaned = text.replace(/[\s.]/g, '').replace(/^\u2212/, '-');
  if (!/^[+-]?\d+$/.test(cleaned)) return null;
  const value = Number(cleaned);
  if (!Number.isSafeInteger(value) || value === 0 || Math.abs(value) > ADMIN_LIMITS.adjust) return null;
  return value;
}

export interface AdjustDialogProps {
  customer: AdminUserRow;
  onClose: () => void;
}

/** 'Điều chỉnh coin': a ledger row with the admin's reason; negative deducts. */
export function AdjustDialog({ customer, onClose }: AdjustDialogProps) {
  const adjust = useAdjustCoins();
  const { showSuccess } = useToast();
  const [deltaText, setDeltaText] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const delta = parseDelta(deltaText);
  const deltaError = tried && delta === null;
  const reasonError = tried && reason.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (delta === null || reason.trim() === '') return;
    adjust.mutate(
      { user_id: customer.id, delta, reason: reason.trim() },
      {
        onSuccess: (result) => {
          showSuccess(
            `Đã điều chỉnh ${formatDelta(delta, formatNumber)} coin. Số dư mới: ${formatNumber(result.total)}`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      title="Điều chỉnh coin"
      busy={adjust.isPending}
      submitLabel={delta !== null && delta < 0 ? 'Trừ coin' : 'Cộng coin'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {customer.name || customer.email} — số dư {formatNumber(customer.coin_total)}, khả dụng{' '}
        {formatNumber(customer.available_coins)} coin.
      </Typography>
      <Stack spacing={2}>
        <TextField
          label="Số coin điều chỉnh"
          value={deltaText}
          onChange={(event) => setDeltaText(event.target.value)}
          required
          autoFocus
          error={deltaError}
          helperText={
            deltaError ? API_MESSAGES.adjustDeltaInvalid : 'Số dương để cộng coin, số âm (ví dụ -500) để trừ coin'
          }
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          label="Lý do"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          multiline
          minRows={2}
          error={reasonError}
          helperText={reasonError ? API_MESSAGES.adjustReasonRequired : 'Ghi vào sổ coin của khách'}
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
      </Stack>
    </FormDialog>
  );
}
