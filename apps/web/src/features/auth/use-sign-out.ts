import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { reloadPage } from '../../lib/reload-page';
import { clearTokens, getRefreshToken } from '../../lib/session';
import { revokeSession } from './api';

/** How long logout waits for the server before ending the session locally anyway. */
const SIGN_OUT_TIMEOUT_MS = 5000;

/**
 * docs/product.md §2: logout clears the two stored tokens, goes to /, then reloads the page. The server is told
 * first so the refresh token stops working; its failure does not keep anyone signed in.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await revokeSession(getRefreshToken(), AbortSignal.timeout(SIGN_OUT_TIMEOUT_MS));
    } catch {
      // Ignored: the session ends on this device either way.
    }
    clearTokens();
    await navigate('/');
    reloadPage();
  }, [navigate]);

  return { signOut, pending };
}
