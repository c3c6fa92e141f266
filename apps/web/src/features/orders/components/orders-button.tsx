import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
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
      title="Đơn hàng"
    >
      {/* The name is the hidden text (with the count); the badge only shows the count. */}
      <Badge badgeContent={count} color="error" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
        <ReceiptLongIcon />
      </Badge>
      <VisuallyHidden>{label}</VisuallyHidden>
    </IconButton>
  );
}
