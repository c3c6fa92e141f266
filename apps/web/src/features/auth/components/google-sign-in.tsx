import { useState } from 'react';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { TEXTS } from '@lucky/shared/texts';
import { Icon } from '../../../components/frame/icons';
import { useToast } from '../../../components/ui/toast';

export interface GoogleSignInProps {
  clientId: string;
  /** Google's ID token, to exchange with the API. */
  onCredential: (idToken: string) => void;
}

/**
 * Google's button. Its provider lives here, inside the sign-in page's own chunk, so Google's script is
 * requested on this page only. Offline the script cannot load: say so instead of showing nothing.
 */
export function GoogleSignIn({ clientId, onCredential }: GoogleSignInProps) {
  const { showError } = useToast();
  const [scriptFailed, setScriptFailed] = useState(false);

  if (scriptFailed) {
    // MUI's standard warning Alert, as plain elements (app/shop.css).
    return (
      <div role="alert" className="ls-alert ls-alert-warning">
        <div className="ls-alert-icon">
          <Icon name="reportProblemOutlined" />
        </div>
        <div className="ls-alert-message">
          Không tải được nút đăng nhập Google. Vui lòng kiểm tra kết nối mạng rồi tải lại trang.
        </div>
      </div>
    );
  }
  return (
    <GoogleOAuthProvider clientId={clientId} locale="vi" onScriptLoadError={() => setScriptFailed(true)}>
      <div className="ls-google-button">
        <GoogleLogin
          onSuccess={({ credential }) => (credential ? onCredential(credential) : showError(TEXTS.signInFailed))}
          onError={() => showError(TEXTS.signInFailed)}
          text="signin_with"
          shape="pill"
        />
      </div>
    </GoogleOAuthProvider>
  );
}
