import { useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@lucky/shared';
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
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: 6 }}>
      <Typography>Bạn cần đăng nhập để xem đơn hàng.</Typography>
      <Button component={RouterLink} to="/signin" variant="contained">
        {TEXTS.signIn}
      </Button>
    </Stack>
  );
}
