import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
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
import { afterFirstLoad } from '../lib/after-first-load';
import { HydrationBoundary } from '../lib/hydration';
import { registerServiceWorkerLater } from '../lib/service-worker';
import { config } from '../lib/config';
import { useSignedIn } from '../lib/session';
import { RouteErrorBoundary } from './route-error';

/**
 * Keeps the customer's orders live while signed in: the stream's code is fetched only then, so the
 * first load of / does not carry it. Without it (chunk not loaded), pages still work by fetching.
 */
function LiveOrders() {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    // Once the page has loaded: its first screen does not need the stream (docs/decisions/0015).
    const cancel = afterFirstLoad(() => {
      import('./order-events')
        .then(({ followOrderEvents }) => followOrderEvents(queryClient, controller.signal))
        .catch((error: unknown) => console.error('live orders', error));
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [signedIn, queryClient]);
  return null;
}

/** The shared page frame (docs/product.md §2) around every page; pages load lazily inside it. */
export function ShopLayout() {
  // The offline page and notifications (docs/decisions/0021), once the page has loaded.
  useEffect(() => registerServiceWorkerLater(), []);
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
      <LiveOrders />
      {/* A page that crashes or whose chunk cannot load shows the error view inside the frame. */}
      <RouteErrorBoundary>
        <HydrationBoundary fallback={<PageSkeleton />}>
          <Outlet />
        </HydrationBoundary>
      </RouteErrorBoundary>
    </PageFrame>
  );
}
