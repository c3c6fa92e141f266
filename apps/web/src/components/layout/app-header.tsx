import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../ui/logo';

/** The bar on top of every page: the logo (a link home) and, on the right, the given actions. */
export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="ls-header">
      <div className="ls-container ls-no-gutters">
        <div className="ls-toolbar">
          <RouterLink to="/" aria-label="Lucky Shop – Trang chủ" className="ls-logo-link">
            <Logo />
          </RouterLink>
          <div className="ls-grow" />
          <div className="ls-actions">{children}</div>
        </div>
      </div>
    </header>
  );
}
