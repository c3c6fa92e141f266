import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { prefetchLaterCode } from '../lib/after-first-load';
import { whenHydrated } from '../lib/hydration';
import { App } from './app';
import { preloadPage } from './routes';

/**
 * Renders the web app into #root (main.tsx loads this once the page has painted). The API renders the
 * storefront's pages into their HTML (docs/decisions/0018): React takes that markup over (hydrates it).
 * Other pages (the admin console, an unknown address) and the dev server send an empty #root, which
 * React renders into.
 */
export function start(root: HTMLElement): void {
  const serverRendered = root.firstElementChild !== null;
  // The first page's code, and the customer's data it shows first, before the first render: one render
  // with the page in it. Hydrating, the code alone (so nothing suspends): the page is on screen already,
  // and an order page shows the customer's data once it has come.
  void preloadPage(window.location.pathname, window.location.search, { codeOnly: serverRendered }).then(() => {
    const app = (
      <StrictMode>
        <App hydrating={serverRendered} />
      </StrictMode>
    );
    // As a transition, React renders (or hydrates) the first page in slices of a few milliseconds: no
    // long task blocks a tap meanwhile (Lighthouse's TBT), and nothing shows before it is complete.
    startTransition(() => {
      if (serverRendered) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
    // The toast view and the like: into the HTTP cache once the page has hydrated and loaded, not run.
    void whenHydrated().then(() => prefetchLaterCode());
  });
}
