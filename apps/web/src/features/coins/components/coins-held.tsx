import { formatNumber } from '@lucky/shared/money';
import { useSignedIn } from '../../../lib/session';
import { coinsOffered, useCoinBalance } from '../api';

/**
 * 'Số coin hiện có: …' under the payment toggles, once coins are offered. It follows the balance's two calls
 * itself (rendered before they answer, showing nothing), so the page around it does not.
 */
export function CoinsHeld() {
  const signedIn = useSignedIn();
  const balance = useCoinBalance();
  if (!coinsOffered(balance, signedIn)) return null;
  return <p className="ls-body2 ls-pay-balance">Số coin hiện có: {formatNumber(balance.balance)}</p>;
}
