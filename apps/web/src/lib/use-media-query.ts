import { useSyncExternalStore } from 'react';

/** MUI's `down('md')`: below the md breakpoint (900px), where the platform page shows its cart bar. */
export const PHONE_QUERY = '(max-width: 899.95px)';

const mediaQuery = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether the media query matches now, following its changes. False on the server and while React
 * hydrates (the server knows no screen size, lib/hydration.ts), then the browser's answer.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
