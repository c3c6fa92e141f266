/**
 * The first render of a server-rendered page (docs/decisions/0018). The API renders the storefront's
 * pages into their HTML (entry-server.tsx) without what only the browser knows: the session, the
 * cart and the chosen game in localStorage, the clock. The browser's render that hydrates that HTML
 * must produce the same markup, so whatever reads them renders as the server did on that pass and
 * switches right after it.
 *
 * The switch is one state at the app's root (`HydrationProvider`), set in a transition once the page
 * has hydrated: React renders what changes with it (the header's signed-in parts, the cart, the page's
 * own) in slices of a few milliseconds, and a tap is handled between them. A store read with
 * `useSyncExternalStore` whose server snapshot differs from the browser's would be rendered again at
 * once, synchronously, in one long task together with the page's first effects.
 */
import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const HydratedContext = createContext(true);

let markHydrated: () => void = () => {};
const hydratedOnce = new Promise<void>((resolve) => {
  markHydrated = resolve;
});

/**
 * Resolves once the page has hydrated and re-rendered what only the browser knows (the first commit with
 * `useHydrated()` true): what can wait for the page's own work starts then, not beside it (the code for
 * later, lib/after-first-load.ts). At the first render when nothing is hydrated.
 */
export function whenHydrated(): Promise<void> {
  return hydratedOnce;
}

/**
 * Around the app: `hydrating` when it takes over the server's HTML (main.tsx) and on the server itself
 * (entry-server.tsx); without it (an empty root, tests) everything renders as the browser's at once.
 */
export function HydrationProvider({ hydrating = false, children }: { hydrating?: boolean | undefined; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    // The root's effects run once its markup is hydrated. A part of the page still dehydrated then (its
    // Suspense boundary had not hydrated yet) is hydrated first with the value it had, then updated.
    if (!hydrated) startTransition(() => setHydrated(true));
    else markHydrated();
  }, [hydrated]);
  return createElement(HydratedContext, { value: hydrated }, children);
}

/**
 * False on the server and while React hydrates the page; true on every later render: the app re-renders
 * what read false, in a transition, right after the page has hydrated. True at once when nothing is
 * hydrated (`npm run dev`, tests, an empty root). A component that mounts hydrating can keep that in a
 * state (`useState(!hydrated)`) to start as the server did.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
