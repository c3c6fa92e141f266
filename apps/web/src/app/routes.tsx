import { isValidElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { prefetchOrder, prefetchOrderList } from '../features/orders/api';
import { awaitPageData } from '../lib/initial-data';
import { RouteErrorBoundary } from './route-error';
import { ShopLayout } from './shop-layout';
import { lazyMuiPage, lazyPage, type LazyPage } from './with-mui';

// Every page is its own chunk: the first load of / carries the frame and the home page only. The frame
// and the storefront's pages are plain elements styled by app/frame.css and app/shop.css; the not-found
// page and the admin console are built with MUI and load together with the shared MUI provider chunk
// (decisions 0007, 0015). app/page-modules.ts lists each page's modules for the per-route preloads.
const HomePage = lazyPage(() => import('../features/catalog/components/home-page').then((m) => ({ default: m.HomePage })));
const PlatformPage = lazyPage(() => import('./platform-page').then((m) => ({ default: m.PlatformPage })));
const OrderListPage = lazyPage(() =>
  import('../features/orders/components/order-list-page').then((m) => ({ default: m.OrderListPage })),
);
const OrderDetailPage = lazyPage(() =>
  import('../features/orders/components/order-detail-page').then((m) => ({ default: m.OrderDetailPage })),
);
const SignInPage = lazyPage(() =>
  import('../features/auth/components/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
const NotFoundPage = lazyMuiPage(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));
// The admin console (its own route tree and chunks); customers never download it.
const AdminRoutes = lazyMuiPage(() => import('./admin-routes'));

/**
 * The routes of docs/product.md §2, inside the shared page frame. Errors of a page show inside the frame (ShopLayout
 * wraps its outlet in a RouteErrorBoundary), so the header and support links stay usable.
 */
const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
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
];

const isLazyPage = (type: unknown): type is LazyPage => typeof type === 'function' && 'preload' in type;

/** The customer's own data a page shows first, by route path (the catalogue comes with the HTML). */
const PAGE_DATA: Record<string, (params: Record<string, string | undefined>, search: URLSearchParams) => Promise<void>> = {
  gameorder: (_params, search) => prefetchOrderList(search),
  'gameorder/:id': (params) => prefetchOrder(params.id ?? ''),
};

/** How long the first render waits for the page's data: a slow API gets the page's outline instead. */
const DATA_WAIT_MS = 3000;

/**
 * Loads the code of the page at the address, and the customer's data it shows first, before the first
 * render (main.tsx): index.html has preloaded the code, so the page renders at once, complete, instead
 * of an outline that its content then pushes aside. Resolves either way: a page that cannot load shows
 * its error when rendered. `codeOnly`: the page came rendered by the server and hydrates as soon as its
 * code is there; its data keeps coming (`pageDataSettled`), and the order pages show it once it has.
 */
export async function preloadPage(pathname: string, search = '', { codeOnly = false } = {}): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const code = preloadPageCode(pathname);
  const loadData = match?.route.path ? PAGE_DATA[match.route.path] : undefined;
  const data = loadData
    ? awaitPageData(
        Promise.race([loadData(match!.params, new URLSearchParams(search)), new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]),
      )
    : undefined;
  await Promise.all([code, codeOnly ? undefined : data]);
}

/** Loads the code of the page at the address (the server's render, entry-server.tsx, too); resolves either way. */
export async function preloadPageCode(pathname: string): Promise<void> {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (isValidElement(element) && isLazyPage(element.type)) await element.type.preload().catch(() => undefined);
}

/**
 * The app's routes, for a declarative router (`<BrowserRouter>`, `<MemoryRouter>` in tests): it weighs
 * ~16 kB gzip less on the first load than a data router (decision 0007). An error of the frame itself
 * shows the error view on its own.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <RouteErrorBoundary>{element}</RouteErrorBoundary>;
}
