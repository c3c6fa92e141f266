import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * An event handler whose identity never changes and that always runs the latest render's code: a
 * memoized child (the item grid, the order form) given it is not rendered again when its parent is.
 * For events only: called during a render, it would run the previous render's handler.
 */
export function useStableCallback<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
