import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  TRANSFER_REASON_LABELS,
  TRANSFER_STATUS_LABELS,
  type AdminTransfer,
  type TransferReason,
  type TransferStatus,
} from '@lucky/shared';

/**
 * Fixed colours with AA contrast in light and dark mode alike (MUI's warning and info fills under white
 * text are not); received and ignored stay outlined in the theme's text colour.
 */
const COLOURS: Record<TransferStatus, { bgcolor: string; color: string } | null> = {
  received: null,
  matched: { bgcolor: '#2e7d32', color: '#ffffff' },
  unmatched: { bgcolor: '#fbc02d', color: 'rgba(0, 0, 0, 0.87)' },
  ignored: null,
  attached: { bgcolor: '#2e7d32', color: '#ffffff' },
  refunded: { bgcolor: '#1565c0', color: '#ffffff' },
  invalid: { bgcolor: '#c62828', color: '#ffffff' },
  duplicate: null,
  manual: { bgcolor: '#fbc02d', color: 'rgba(0, 0, 0, 0.87)' },
  verified: { bgcolor: '#2e7d32', color: '#ffffff' },
};

/** A reason code as staff read it; an unknown one (a newer API) shows as sent. */
export function transferReasonLabel(reason: string): string {
  return reason in TRANSFER_REASON_LABELS ? TRANSFER_REASON_LABELS[reason as TransferReason] : reason;
}

/** The status in words (the colour only repeats it), and why when the transfer paid nothing. */
export function TransferStatusLabel({ transfer }: { transfer: Pick<AdminTransfer, 'status' | 'reason'> }) {
  const showReason = (transfer.status === 'unmatched' || transfer.status === 'ignored') && transfer.reason !== '';
  // An unreadable body: which of its fields the shop could not read ('Đọc lại' once the code understands them).
  const unreadable = transfer.status === 'invalid' && transfer.reason !== '';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        label={TRANSFER_STATUS_LABELS[transfer.status]}
        variant={COLOURS[transfer.status] ? 'filled' : 'outlined'}
        sx={{ fontWeight: 600, ...COLOURS[transfer.status] }}
      />
      {showReason && (
        <Typography variant="caption" color="text.secondary">
          {transferReasonLabel(transfer.reason)}
        </Typography>
      )}
      {unreadable && (
        <Typography variant="caption" color="text.secondary">
          Trường không đọc được: {transfer.reason}
        </Typography>
      )}
    </Stack>
  );
}
