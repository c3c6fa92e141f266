import { useSyncExternalStore } from 'react';
import { useHydrated } from './hydration';

/** MUI's `down('md')`: below the md breakpoint (900px), where the platform page shows its cart bar. */
export const PHONE_QUERY = '(max-width: 899.95px)';

const mediaQuery = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether the media query matches now, following its changes. False on the server and while React
 * hydrates (the server knows no screen size), then the browser's answer, switched with the rest of what
 * only the browser knows (lib/hydration.ts). The hydrating render reads the browser's own answer too, and
 * hides it: a store whose hydrating read differs from the browser's is rendered again at once, in one
 * synchronous task that also throws away the transition React was rendering.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const read = () => mediaQuery(query)?.matches ?? false;
  const matches = useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    read,
    read,
  );
  return hydrated && matches;
}
