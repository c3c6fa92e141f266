import Chip from '@mui/material/Chip';
import { orderStatusColour, orderStatusLabel, type StatusColour } from '@lucky/shared';

/** The storefront's status colours (spec §4), fixed in light and dark mode; the label always shows. */
const COLOURS: Record<StatusColour, { bgcolor: string; color: string }> = {
  grey: { bgcolor: '#757575', color: '#ffffff' },
  yellow: { bgcolor: '#fbc02d', color: 'rgba(0, 0, 0, 0.87)' },
  green: { bgcolor: '#2e7d32', color: '#ffffff' },
  red: { bgcolor: '#c62828', color: '#ffffff' },
};

export function StatusChip({ status }: { status: number }) {
  const colour = orderStatusColour(status);
  return (
    <Chip
      size="small"
      label={orderStatusLabel(status)}
      variant={colour ? 'filled' : 'outlined'}
      sx={{ fontWeight: 600, ...(colour ? COLOURS[colour] : {}) }}
    />
  );
}
