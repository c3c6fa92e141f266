import { Link as RouterLink } from 'react-router';
import { Icon } from '../components/frame/icons';
import { useCurrentUser } from '../features/auth/api';

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
      <RouterLink to="/admin" className="ls-button ls-admin-wide">
        <span className="ls-start-icon">
          <Icon name="adminPanelSettings" />
        </span>
        {LABEL}
      </RouterLink>
      <RouterLink to="/admin" aria-label={LABEL} title={LABEL} className="ls-icon-button ls-admin-narrow">
        <Icon name="adminPanelSettings" />
      </RouterLink>
    </>
  );
}
