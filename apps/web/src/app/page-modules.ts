/**
 * The modules each page of the shop loads lazily (routes.tsx), by route path. The build (vite.config.ts,
 * `routePreloads`) turns it into `.vite/route-preloads.json`: each route's chunks and their imports.
 * The API serves index.html with the route's own `<link rel="modulepreload">` tags (apps/api
 * src/web/route-preloads.ts), so a page's code downloads together with the entry instead of after it.
 * Plain data, no imports: vite.config.ts reads it too. The build fails when a module here is not
 * a lazy chunk of the bundle.
 */

export const PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['src/features/catalog/components/home-page.tsx'],
  '/item/:id': ['src/app/platform-page.tsx'],
  '/gameorder': ['src/features/orders/components/order-list-page.tsx'],
  '/gameorder/:id': ['src/features/orders/components/order-detail-page.tsx'],
  '/signin': ['src/features/auth/components/sign-in-page.tsx'],
};

/**
 * Code a page may need later and fetches at the lowest priority once it has loaded (`<link rel=prefetch>`,
 * into the HTTP cache, not run): the toast view, so that an error still shows when the network drops,
 * and on the platform page the dialog asking a visitor to sign in and the phone's cart sheet. Not run until
 * needed, it costs the page no main-thread time.
 */
const TOAST_VIEW = 'src/components/ui/toast-view.tsx';
export const PAGE_PREFETCH: Readonly<Record<string, readonly string[]>> = {
  '/': [TOAST_VIEW],
  '/item/:id': [TOAST_VIEW, 'src/features/checkout/components/sign-in-dialog.tsx', 'src/features/cart/components/cart-sheet.tsx'],
  '/gameorder': [TOAST_VIEW],
  '/gameorder/:id': [TOAST_VIEW],
  '/signin': [TOAST_VIEW],
};

/**
 * The file the build writes beside Vite's manifest: for each route, the files to modulepreload and to
 * prefetch, `{ [routePath]: { modulepreload: ["/assets/….js", …], prefetch: [...] } }`.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** Around the route's preload tags in the built index.html, so the API can put another route's in their place. */
export const ROUTE_PRELOADS_START = '<!--lucky:route-preloads-->';
export const ROUTE_PRELOADS_END = '<!--/lucky:route-preloads-->';
