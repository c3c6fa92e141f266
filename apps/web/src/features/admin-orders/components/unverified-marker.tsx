import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';

/** Why the marker is there, on hover, on keyboard focus, and to screen readers as its description. */
export const UNVERIFIED_EXPLANATION =
  'Đơn được tính là đã thanh toán chỉ theo xác nhận của nhân viên: chưa có ngân hàng nào báo khoản tiền này.';

/**
 * 'Chưa xác thực': an order paid (in part) only on staff's word, a manual record no bank feed has reported yet
 * (docs/architecture.md "Money paths"). Focusable, so the explanation reaches keyboard users too.
 */
export function UnverifiedMarker() {
  return (
    <Tooltip title={UNVERIFIED_EXPLANATION} describeChild arrow>
      <Chip
        size="small"
        icon={<GppMaybeIcon />}
        label="Chưa xác thực"
        tabIndex={0}
        // Fixed amber with dark text: AA contrast in light and dark mode alike (MUI's warning fill is not).
        sx={{
          fontWeight: 600,
          bgcolor: '#fbc02d',
          color: 'rgba(0, 0, 0, 0.87)',
          '& .MuiChip-icon': { color: 'rgba(0, 0, 0, 0.87)' },
        }}
      />
    </Tooltip>
  );
}
