import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useSignedIn } from '../../../lib/session';
import { useOrderCount } from '../api';

/** Spec §2: the orders icon with its count; it leads to /gameorder, or to /signin when anonymous. */
export function OrdersButton() {
  const signedIn = useSignedIn();
  const { data } = useOrderCount();
  const count = signedIn ? (data ?? 0) : 0;
  const label = count > 0 ? `Đơn hàng của bạn (${count} đơn)` : 'Đơn hàng của bạn';
  return (
    <IconButton
      component={RouterLink}
      to={signedIn ? '/gameorder' : '/signin'}
      color="inherit"
      aria-label={label}
      title="Đơn hàng"
    >
      {/* The count is in the button's name; the badge only shows it. */}
      <Badge badgeContent={count} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <ReceiptLongIcon />
      </Badge>
    </IconButton>
  );
}
