import { useState } from 'react';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { TEXTS } from '@lucky/shared';
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
    return (
      <Alert severity="warning">
        Không tải được nút đăng nhập Google. Vui lòng kiểm tra kết nối mạng rồi tải lại trang.
      </Alert>
    );
  }
  return (
    <GoogleOAuthProvider clientId={clientId} locale="vi" onScriptLoadError={() => setScriptFailed(true)}>
      <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 44 }}>
        <GoogleLogin
          onSuccess={({ credential }) => (credential ? onCredential(credential) : showError(TEXTS.signInFailed))}
          onError={() => showError(TEXTS.signInFailed)}
          text="signin_with"
          shape="pill"
        />
      </Box>
    </GoogleOAuthProvider>
  );
}
