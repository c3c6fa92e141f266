/**
 * The first render of a server-rendered page (docs/decisions/0018). The API renders the storefront's
 * pages into their HTML (entry-server.tsx) without what only the browser knows: the session, the
 * cart and the chosen game in localStorage, the clock. The browser's render that hydrates that HTML
 * must produce the same markup, so whatever reads them renders as the server did on that pass and
 * switches right after it.
 */
import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => {};

/**
 * False on the server and while React hydrates the component (each Suspense boundary may hydrate in a
 * pass of its own); true on every later render: React re-renders a component that read false right
 * after its hydrated markup commits. True at once when nothing is hydrated (`npm run dev`, tests, a
 * page the app navigated to). A component that mounts hydrating can keep that in a state
 * (`useState(!hydrated)`) to start as the server did.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
