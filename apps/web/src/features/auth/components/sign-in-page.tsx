import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SIGN_IN_DELAY_MS, TEXTS } from '@lucky/shared';
import { usePageTitle } from '../../../components/ui/use-page-title';
import { config } from '../../../lib/config';
import { useSignedIn } from '../../../lib/session';
import { useSignIn } from '../use-sign-in';
import { DemoSignInForm } from './demo-sign-in-form';
import { GoogleSignIn } from './google-sign-in';

/** /signin (spec §2): Google's button; the demo form when the API allows it. Facebook is not offered. */
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
        <Typography>Bạn đã đăng nhập.</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Về trang chủ
        </Button>
      </SignInCard>
    );
  }

  return (
    <SignInCard>
      <Typography color="text.secondary">Đăng nhập để đặt hàng và theo dõi đơn hàng của bạn.</Typography>
      {googleClientId && (
        <GoogleSignIn
          clientId={googleClientId}
          onCredential={(idToken) => signIn.mutate({ provider: 'google', token: idToken, delayMs: SIGN_IN_DELAY_MS })}
        />
      )}
      {googleClientId && demo && <Divider>hoặc</Divider>}
      {demo && (
        <DemoSignInForm
          pending={signIn.isPending}
          onSubmit={(email) => signIn.mutate({ provider: 'demo', token: email })}
        />
      )}
      {!googleClientId && !demo && (
        <Typography role="status">
          Hiện chưa có cách đăng nhập nào được bật. Vui lòng liên hệ shop để được hỗ trợ.
        </Typography>
      )}
      {signIn.isPending && (
        <Box role="status">
          <LinearProgress aria-hidden />
          <Typography variant="body2" sx={{ mt: 1 }}>
            Đang đăng nhập…
          </Typography>
        </Box>
      )}
    </SignInCard>
  );
}

function SignInCard({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Stack spacing={3}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            {TEXTS.signIn}
          </Typography>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
