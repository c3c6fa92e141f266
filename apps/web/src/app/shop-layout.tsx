import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '../components/layout/app-header';
import { ColourModeToggle } from '../components/layout/colour-mode-toggle';
import { MessengerButton } from '../components/layout/messenger-button';
import { PageFrame } from '../components/layout/page-frame';
import { SiteFooter } from '../components/layout/site-footer';
import { PageSkeleton } from '../components/ui/page-skeleton';
import { AdminLink } from './admin-link';
import { UserMenu } from '../features/auth/components/user-menu';
import { CoinBalance } from '../features/coins/components/coin-balance';
import { OrdersButton } from '../features/orders/components/orders-button';
import { config } from '../lib/config';
import { RouteErrorBoundary } from './route-error';

/** The shared page frame (spec §2) around every page; pages load lazily inside it. */
export function ShopLayout() {
  return (
    <PageFrame
      header={
        <AppHeader>
          <CoinBalance />
          <ColourModeToggle />
          <OrdersButton />
          <AdminLink />
          <UserMenu />
        </AppHeader>
      }
      footer={<SiteFooter socialUrl={config.support.social_url} chatUrl={config.support.chat_url} />}
      floating={<MessengerButton href={config.support.messenger_url} />}
    >
      {/* A page that crashes or whose chunk cannot load shows the error view inside the frame. */}
      <RouteErrorBoundary>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </PageFrame>
  );
}
