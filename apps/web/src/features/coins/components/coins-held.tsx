import { formatNumber } from '@lucky/shared/money';
import { useHydrated } from '../../../lib/hydration';
import { useSignedIn } from '../../../lib/session';
import { coinsOffered, useCoinBalance } from '../api';

/**
 * 'Số coin hiện có: …' under the payment toggles, once coins are offered. It follows the balance's two calls
 * itself (rendered before they answer, showing nothing), so the page around it does not.
 */
export function CoinsHeld() {
  // Hydrating, as the server rendered it (nothing): the page may hydrate after the header's calls answered.
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const balance = useCoinBalance();
  if (!hydrated || !coinsOffered(balance, signedIn)) return null;
  return <p className="ls-body2 ls-pay-balance">Số coin hiện có: {formatNumber(balance.balance)}</p>;
}
