import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS, adminAdjustForm, formatNumber, type AdminUserRow } from '@lucky/shared';
import { FormDialog } from '../../../components/admin/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { useToast } from '../../../components/ui/toast';
import { formatDelta } from '../../../lib/admin-format';
import { useAdjustCoins } from '../api';

export interface AdjustDialogProps {
  customer: AdminUserRow;
  onClose: () => void;
}

/** 'Điều chỉnh coin': a ledger row with the admin's reason; negative deducts. */
export function AdjustDialog({ customer, onClose }: AdjustDialogProps) {
  const adjust = useAdjustCoins();
  const { showSuccess } = useToast();
  const form = useForm({ resolver: zodResolver(adminAdjustForm), defaultValues: { delta: '', reason: '' } });
  // The button says which way the coins go, as soon as the delta typed reads as a valid one.
  const typedDelta = useWatch({ control: form.control, name: 'delta' });
  const readDelta = adminAdjustForm.shape.delta.safeParse(typedDelta);
  const deducting = readDelta.success && readDelta.data < 0;

  const submit = form.handleSubmit(({ delta, reason }) => {
    adjust.mutate(
      { user_id: customer.id, delta, reason },
      {
        onSuccess: (result) => {
          showSuccess(
            `Đã điều chỉnh ${formatDelta(delta, formatNumber)} coin. Số dư mới: ${formatNumber(result.total)}`,
          );
          onClose();
        },
      },
    );
  });

  return (
    <FormDialog
      title="Điều chỉnh coin"
      busy={adjust.isPending}
      submitLabel={deducting ? 'Trừ coin' : 'Cộng coin'}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {customer.name || customer.email} — số dư {formatNumber(customer.coin_total)}, khả dụng{' '}
        {formatNumber(customer.available_coins)} coin.
      </Typography>
      <Stack spacing={2}>
        <FormTextField
          control={form.control}
          name="delta"
          label="Số coin điều chỉnh"
          required
          autoFocus
          helperText="Số dương để cộng coin, số âm (ví dụ -500) để trừ coin"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormTextField
          control={form.control}
          name="reason"
          label="Lý do"
          required
          multiline
          minRows={2}
          helperText="Ghi vào sổ coin của khách"
          slotProps={{ htmlInput: { maxLength: ADMIN_LIMITS.reason } }}
        />
      </Stack>
    </FormDialog>
  );
}
