import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';
import { ShopLayout } from './shop-layout';

// Every page is its own chunk: the first load of / carries the frame and the home page only.
const HomePage = lazy(() => import('../features/catalog/components/home-page').then((m) => ({ default: m.HomePage })));
const PlatformPage = lazy(() =>
  import('../features/catalog/components/platform-page').then((m) => ({ default: m.PlatformPage })),
);
const OrderListPage = lazy(() =>
  import('../features/orders/components/order-list-page').then((m) => ({ default: m.OrderListPage })),
);
const OrderDetailPage = lazy(() =>
  import('../features/orders/components/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const SignInPage = lazy(() =>
  import('../features/auth/components/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
// The admin console (its own route tree and chunks); customers never download it.
const AdminRoutes = lazy(() => import('./admin-routes'));

/** Spec §2's routes, inside the shared page frame. */
export const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // Errors of a page show inside the frame, so the header and support links stay usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'item/:id', element: <PlatformPage /> },
          { path: 'gameorder', element: <OrderListPage /> },
          { path: 'gameorder/:id', element: <OrderDetailPage /> },
          { path: 'signin', element: <SignInPage /> },
          { path: 'admin/*', element: <AdminRoutes /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
