import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { TEXTS } from '@lucky/shared/texts';
import { useHydrated } from '../../../lib/hydration';
import { hasInitialData, pageDataSettled } from '../../../lib/initial-data';
import { getAccessToken, useSignedIn } from '../../../lib/session';

/**
 * The order pages are the customer's own. A visitor who arrives signed out is sent to /signin (which
 * comes back here after signing in). A session that ends while the page is open (logout, refused
 * refresh) gets a notice instead: logout is on its way to / and must not be raced to /signin.
 *
 * The session is in localStorage, which the server cannot read: its HTML, and the browser's render
 * that hydrates it, show the page's `outline` (heading and shapes, lib/hydration.ts); the page or the
 * way to /signin follows right after, in the same screen-high box. Unless the page came with the customer's
 * data (`dataPath`, the call the page makes first, is in its data block): then the server rendered the
 * page with it, and the browser hydrates that.
 */
export function SignInRequired({ children, outline, dataPath }: { children: ReactNode; outline: ReactNode; dataPath: string }) {
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  // The page came with the customer's data (the server read the page session, lib/page-session.ts): the
  // server rendered the page itself, and the hydrating render does too, at once.
  const [cameWithData] = useState(() => hasInitialData(dataPath));
  // Read from the store, not from the render: the hydrating render reads the server's "signed out".
  const [anonymousOnArrival] = useState(() => getAccessToken() === null);
  // Hydrated, and the page's data come (asked for with its code, app/routes.tsx), the page takes the
  // outline's place in a transition: React renders it in slices (a long order's QR code, cards and
  // table) instead of one task that would block a tap (Lighthouse's TBT).
  const [pageShown, setPageShown] = useState(hydrated || cameWithData);
  useEffect(() => {
    if (!hydrated || pageShown) return;
    let current = true;
    void pageDataSettled().then(() => {
      if (current) startTransition(() => setPageShown(true));
    });
    return () => {
      current = false;
    };
  }, [hydrated, pageShown]);
  let page: ReactNode;
  if (!pageShown) page = outline;
  // Hydrating, the session reads as signed out (the server's view): the data it came with says otherwise.
  else if (signedIn || (cameWithData && !hydrated)) page = children;
  else if (anonymousOnArrival) page = <Navigate to="/signin" replace />;
  else {
    page = (
      <div className="ls-stack-page">
        <p className="ls-body1">Bạn cần đăng nhập để xem đơn hàng.</p>
        <RouterLink to="/signin" className="ls-button ls-button-contained">
          {TEXTS.signIn}
        </RouterLink>
      </div>
    );
  }
  // At least a screen high, outline and page alike: the footer starts below the first screen, so the
  // page taking the outline's place moves nothing on it (CLS), however long the customer's list is.
  return <div className="ls-own-page">{page}</div>;
}
