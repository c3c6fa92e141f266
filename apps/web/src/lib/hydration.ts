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
import {
  createContext,
  createElement,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
} from 'react';

const HydratedContext = createContext(true);

/** However long a boundary's part of the page takes to hydrate, the switch does not wait longer than this. */
const BOUNDARY_WAIT_MS = 3000;

/**
 * The boundaries (`HydrationBoundary`) whose part of the page is still the server's markup. React hydrates
 * a Suspense boundary's content in a pass of its own, after the page around it has committed; the switch
 * waits for them. Changed while a boundary is still dehydrated, the context would reach it as an update:
 * React then interrupts what it renders to hydrate that boundary first (it throws, and catches, an
 * exception to unwind) and renders the rest again (docs/decisions/0042).
 */
class Dehydrated {
  private readonly waiting = new Set<object>();
  private settled: (() => void) | null = null;

  add(boundary: object): void {
    this.waiting.add(boundary);
  }

  hydrated(boundary: object): void {
    if (!this.waiting.delete(boundary) || this.waiting.size > 0) return;
    const settled = this.settled;
    this.settled = null;
    settled?.();
  }

  /** Calls `then` once no boundary is waiting (at once when none is); returns a cancel. */
  whenNoneLeft(then: () => void): () => void {
    if (this.waiting.size === 0) {
      then();
      return () => {};
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      this.settled = null;
      then();
    };
    const timer = setTimeout(finish, BOUNDARY_WAIT_MS);
    this.settled = finish;
    return () => {
      done = true;
      clearTimeout(timer);
      this.settled = null;
    };
  }
}

const DehydratedContext = createContext<Dehydrated | null>(null);

let markHydrated: () => void = () => {};
const hydratedOnce = new Promise<void>((resolve) => {
  markHydrated = () => {
    switching = false;
    resolve();
  };
});
/** A provider is hydrating the server's HTML and has not switched yet (afterTheSwitch). */
let switching = false;

/**
 * Resolves once the page has hydrated and re-rendered what only the browser knows (the first commit with
 * `useHydrated()` true): what can wait for the page's own work starts then, not beside it (the code for
 * later, lib/after-first-load.ts). At the first render when nothing is hydrated.
 */
export function whenHydrated(): Promise<void> {
  return hydratedOnce;
}

/**
 * For what may start beside the page's first effects but need not come back before the switch: resolves
 * once a page being hydrated has switched (whenHydrated), at once when none is (no provider hydrating:
 * `npm run dev`, tests, an empty root). The header's signed-in figures wait for it (header-query.ts): sent
 * with the page's first effects, their answers came while React was still rendering the switch in slices,
 * each an update of its own amid it; sent after it, the signed-in game page blocked less, though not in
 * every series measured (docs/decisions/0052).
 */
export function afterTheSwitch(): Promise<void> {
  return switching ? hydratedOnce : Promise.resolve();
}

/**
 * Around the app: `hydrating` when it takes over the server's HTML (main.tsx) and on the server itself
 * (entry-server.tsx); without it (an empty root, tests) everything renders as the browser's at once.
 */
export function HydrationProvider({
  hydrating = false,
  children,
}: {
  hydrating?: boolean | undefined;
  children: ReactNode;
}) {
  const [hydrated, setHydrated] = useState(() => {
    // In the browser only: the server's render switches nothing.
    if (hydrating && typeof window !== 'undefined') switching = true;
    return !hydrating;
  });
  const [dehydrated] = useState(() => new Dehydrated());
  useEffect(() => {
    // The root's effects run once its markup is hydrated; its boundaries' parts may still be the server's.
    if (hydrated) {
      markHydrated();
      return;
    }
    return dehydrated.whenNoneLeft(() => startTransition(() => setHydrated(true)));
  }, [hydrated, dehydrated]);
  return createElement(
    DehydratedContext,
    { value: dehydrated },
    createElement(HydratedContext, { value: hydrated }, children),
  );
}

/**
 * A Suspense boundary around a part of the page the server renders (the page in the frame, the order form):
 * while the page hydrates, the switch to what only the browser knows waits until this part has hydrated too.
 */
export function HydrationBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const dehydrated = useContext(DehydratedContext);
  const hydrated = useContext(HydratedContext);
  // Mounted while the page hydrates: its content is the server's markup until its own pass.
  const [boundary] = useState(() => (hydrated || !dehydrated ? null : {}));
  // A layout effect: the root's commit runs it before the provider's effect looks for boundaries left.
  useLayoutEffect(() => {
    if (!boundary || !dehydrated) return;
    dehydrated.add(boundary);
    return () => dehydrated.hydrated(boundary);
  }, [boundary, dehydrated]);
  return createElement(Suspense, { fallback }, createElement(BoundaryHydrated, { boundary }), children);
}

/** First in a boundary's content: its effect runs once that content has hydrated and committed. */
function BoundaryHydrated({ boundary }: { boundary: object | null }) {
  const dehydrated = useContext(DehydratedContext);
  useEffect(() => {
    if (boundary && dehydrated) dehydrated.hydrated(boundary);
  }, [boundary, dehydrated]);
  return null;
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
