import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import { TEXTS } from '@lucky/shared/texts';
import { useSignedIn } from '../../../lib/session';

/**
 * The order pages are the customer's own. A visitor who arrives signed out is sent to /signin (which
 * comes back here after signing in). A session that ends while the page is open (logout, refused
 * refresh) gets a notice instead: logout is on its way to / and must not be raced to /signin.
 */
export function SignInRequired({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [anonymousOnArrival] = useState(!signedIn);
  if (signedIn) return children;
  if (anonymousOnArrival) return <Navigate to="/signin" replace />;
  return (
    <div className="ls-stack-page">
      <p className="ls-body1">Bạn cần đăng nhập để xem đơn hàng.</p>
      <RouterLink to="/signin" className="ls-button ls-button-contained">
        {TEXTS.signIn}
      </RouterLink>
    </div>
  );
}
