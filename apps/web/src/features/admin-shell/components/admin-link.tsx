import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useCurrentUser } from '../../auth/api';

const LABEL = 'Quản trị';

/**
 * The header's way into /admin, shown only to admins. The console itself is a separate lazy chunk;
 * this link is all of it that customers download.
 */
export function AdminLink() {
  const { data: user } = useCurrentUser();
  if (!user?.is_admin) return null;
  return (
    <>
      <Button
        component={RouterLink}
        to="/admin"
        color="inherit"
        startIcon={<AdminPanelSettingsIcon />}
        sx={{ display: { xs: 'none', md: 'inline-flex' }, whiteSpace: 'nowrap' }}
      >
        {LABEL}
      </Button>
      <IconButton
        component={RouterLink}
        to="/admin"
        color="inherit"
        aria-label={LABEL}
        title={LABEL}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <AdminPanelSettingsIcon />
      </IconButton>
    </>
  );
}
