/**
 * The server's render of the storefront's pages (docs/decisions/0018), built by `vite build --ssr` into
 * dist/.ssr/ and used by the API (apps/api/src/plugins/web.ts), which puts the markup into the page's
 * `<div id="root">`; main.tsx hydrates it. The same tree as app/app.tsx, with the address given instead
 * of read from the browser and the catalogue responses the page's HTML carries as its data.
 *
 * Only what the server knows is rendered: the public catalogue and settings. The session, the cart and
 * the chosen game live in the browser's localStorage; what depends on them renders as for a visitor
 * who is not signed in, or as the page's outline (lib/hydration.ts), and follows after hydration.
 */
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PublicConfig } from '@lucky/shared/guards';
import { PAGE_MODULES } from './app/page-modules';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadPageCode } from './app/routes';
import { setServerConfig } from './lib/config';
import { provideInitialData } from './lib/initial-data';
import { createQueryClient } from './lib/query-client';

/** The pages the API renders: the routes app/page-modules.ts lists, an id standing in for `:id`. */
const SERVER_RENDERED_PAGES = Object.keys(PAGE_MODULES).map((route) => route.replace(':id', '1'));

/**
 * Loads the pages' code once, before the first render: a page whose code is loaded renders at once
 * (components/ui/lazy-component.tsx), where a render of one still loading would show the outline.
 */
export async function prepare(value: PublicConfig): Promise<void> {
  setServerConfig(value);
  await Promise.all(SERVER_RENDERED_PAGES.map((pathname) => preloadPageCode(pathname)));
}

/**
 * The markup of the page at `url` (path and query), with `data` (the page's initial-data block,
 * by call path) as the answers to its queries. Synchronous: one render at a time, no state kept.
 */
export function render(url: string, data: Record<string, unknown>): string {
  provideInitialData(data);
  try {
    return renderToString(
      <AppProviders queryClient={createQueryClient(() => {})} hydrating>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
    );
  } finally {
    provideInitialData({});
  }
}
