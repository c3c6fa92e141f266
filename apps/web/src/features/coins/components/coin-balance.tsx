import { formatNumber } from '@lucky/shared/money';
import { PlainCoinIcon, Skeleton } from '../../../components/frame/icons';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { useSignedIn } from '../../../lib/session';
import { useCoinBalance } from '../api';

/** The header's coin balance (docs/product.md §2), shown when signed in. */
export function CoinBalance() {
  const signedIn = useSignedIn();
  const { balance, loading } = useCoinBalance();
  if (!signedIn) return null;
  return (
    <div title="Số coin của bạn" className="ls-coins">
      <PlainCoinIcon />
      <VisuallyHidden>Số coin: </VisuallyHidden>
      {loading ? <Skeleton width={40} className="ls-on-bar-skeleton" /> : <span>{formatNumber(balance)}</span>}
    </div>
  );
}
