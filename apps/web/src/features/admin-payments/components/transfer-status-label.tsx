import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TRANSFER_REASON_LABELS,
  TRANSFER_STATUS_LABELS,
  type AdminTransfer,
  type TransferReason,
  type TransferStatus,
} from '@lucky/shared';

const COLOURS: Record<TransferStatus, ChipProps['color']> = {
  received: 'default',
  matched: 'success',
  unmatched: 'warning',
  ignored: 'default',
  attached: 'success',
  refunded: 'info',
};

/** A reason code as staff read it; an unknown one (a newer API) shows as sent. */
export function transferReasonLabel(reason: string): string {
  return reason in TRANSFER_REASON_LABELS ? TRANSFER_REASON_LABELS[reason as TransferReason] : reason;
}

/** The status in words (the colour only repeats it), and why when the transfer paid nothing. */
export function TransferStatusLabel({ transfer }: { transfer: Pick<AdminTransfer, 'status' | 'reason'> }) {
  const showReason = (transfer.status === 'unmatched' || transfer.status === 'ignored') && transfer.reason !== '';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={TRANSFER_STATUS_LABELS[transfer.status]}
        color={COLOURS[transfer.status]}
        variant={transfer.status === 'ignored' || transfer.status === 'received' ? 'outlined' : 'filled'}
        sx={{ fontWeight: 600 }}
      />
      {showReason && (
        <Typography variant="caption" color="text.secondary">
          {transferReasonLabel(transfer.reason)}
        </Typography>
      )}
    </Stack>
  );
}
