import Chip from '@mui/material/Chip';
import { orderStatusColour, orderStatusLabel, type StatusColour } from '@lucky/shared';

/** Spec §4's colours; the same in light and dark mode so a status reads alike everywhere. */
const COLOURS: Record<StatusColour, { bgcolor: string; color: string }> = {
  grey: { bgcolor: '#757575', color: '#ffffff' },
  yellow: { bgcolor: '#fbc02d', color: 'rgba(0, 0, 0, 0.87)' },
  green: { bgcolor: '#2e7d32', color: '#ffffff' },
  red: { bgcolor: '#c62828', color: '#ffffff' },
};

/** Spec §4: the status label in its colour; an unknown status shows its raw value, uncoloured. Storefront and admin console alike. */
export function OrderStatusBadge({ status }: { status: number }) {
  const colour = orderStatusColour(status);
  return (
    <Chip
      size="small"
      label={orderStatusLabel(status)}
      variant={colour ? 'filled' : 'outlined'}
      data-colour={colour ?? 'none'}
      sx={{ fontWeight: 600, ...(colour ? COLOURS[colour] : {}) }}
    />
  );
}
