import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Logo } from '../ui/logo';

/** The bar on top of every page: the logo (a link home) and, on the right, the given actions. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <AppBar position="sticky" color="primary" enableColorOnDark elevation={1}>
      <Container maxWidth="lg" disableGutters>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
          <Link
            component={RouterLink}
            to="/"
            aria-label="Lucky Shop – Trang chủ"
            color="inherit"
            underline="none"
            sx={{ display: 'inline-flex', borderRadius: 1 }}
          >
            <Logo />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>{children}</Box>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
