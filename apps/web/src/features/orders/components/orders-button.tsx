import { Link as RouterLink } from 'react-router';
import { Icon } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useSignedIn } from '../../../lib/session';
import { useOrderCount } from '../api';

/** Counts above this show as '99+', as MUI's Badge did. */
const MAX_SHOWN = 99;

/** docs/product.md §2: the orders icon with its count; it leads to /gameorder, or to /signin when anonymous. */
export function OrdersButton() {
  const signedIn = useSignedIn();
  const { data } = useOrderCount();
  const count = signedIn ? (data ?? 0) : 0;
  const label = count > 0 ? `Đơn hàng của bạn (${count} đơn)` : 'Đơn hàng của bạn';
  return (
    <RouterLink to={signedIn ? '/gameorder' : '/signin'} className="ls-icon-button" title="Đơn hàng">
      {/* The name is the hidden text (with the count); the badge only shows the count. */}
      <span className="ls-badge">
        <Icon name="receiptLong" />
        {count > 0 && (
          <span className="ls-badge-count" aria-hidden="true">
            {count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}
          </span>
        )}
      </span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </RouterLink>
  );
}
