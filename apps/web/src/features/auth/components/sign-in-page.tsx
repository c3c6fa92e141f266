import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { SIGN_IN_DELAY_MS } from '@lucky/shared/constants';
import { TEXTS } from '@lucky/shared/texts';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { config } from '../../../lib/config';
import { useSignedIn } from '../../../lib/session';
import { useSignIn } from '../use-sign-in';
import { DemoSignInForm } from './demo-sign-in-form';
import { GoogleSignIn } from './google-sign-in';

/**
 * /signin (docs/product.md §2): Google's button; the demo form when the API allows it. Facebook is not offered.
 * Plain elements (app/shop.css), no MUI: the whole page is its first screen (docs/decisions/0015).
 */
export function SignInPage() {
  usePageTitle(TEXTS.signIn);
  const signedIn = useSignedIn();
  const signIn = useSignIn();
  const googleClientId = config.google_client_id;
  const demo = config.demo_sign_in;

  // Right after a sign-in the page is on its way back: keep the form rather than flash this notice.
  if (signedIn && signIn.isIdle) {
    return (
      <SignInCard>
        <p className="ls-body1">Bạn đã đăng nhập.</p>
        <RouterLink to="/" className="ls-button ls-button-contained">
          Về trang chủ
        </RouterLink>
      </SignInCard>
    );
  }

  return (
    <SignInCard>
      <p className="ls-body1">Đăng nhập để đặt hàng và theo dõi đơn hàng của bạn.</p>
      {googleClientId && (
        <GoogleSignIn
          clientId={googleClientId}
          onCredential={(idToken) => signIn.mutate({ provider: 'google', token: idToken, delayMs: SIGN_IN_DELAY_MS })}
        />
      )}
      {googleClientId && demo && (
        <div role="separator" className="ls-divider-text">
          <span>hoặc</span>
        </div>
      )}
      {demo && (
        <DemoSignInForm
          pending={signIn.isPending}
          onSubmit={(email) => signIn.mutate({ provider: 'demo', token: email })}
        />
      )}
      {!googleClientId && !demo && (
        <p role="status" className="ls-body1">
          Hiện chưa có cách đăng nhập nào được bật. Vui lòng liên hệ shop để được hỗ trợ.
        </p>
      )}
      {signIn.isPending && (
        <div role="status">
          <span aria-hidden="true" className="ls-progress">
            <span className="ls-progress-bar ls-progress-bar1" />
            <span className="ls-progress-bar ls-progress-bar2" />
          </span>
          <p className="ls-body2 ls-progress-text">Đang đăng nhập…</p>
        </div>
      )}
    </SignInCard>
  );
}

function SignInCard({ children }: { children: ReactNode }) {
  return (
    <div className="ls-sign-in">
      <div className="ls-paper-outlined ls-sign-in-card">
        <h1 className="ls-h4">{TEXTS.signIn}</h1>
        {children}
      </div>
    </div>
  );
}
