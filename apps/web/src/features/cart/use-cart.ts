import { useEffect, useReducer, useRef, useState } from 'react';
import type { StoreItem } from '@lucky/shared';
import { useHydrated } from '../../lib/hydration';
import { cartReducer, loadCart, saveCart, type CartAction, type CartLine } from './cart';

export interface Cart {
  lines: CartLine[];
  dispatch: (action: CartAction) => void;
}

/**
 * The cart of one platform, saved on every change. Mount it under a key of the platform id, so
 * moving to another platform starts from that platform's own stored cart. A page the server rendered
 * starts empty, as its HTML does (lib/hydration.ts), and takes the stored cart right after hydrating.
 */
export function useCart(platformId: number, items: readonly StoreItem[] | undefined): Cart {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  const [lines, dispatch] = useReducer(cartReducer, platformId, (id) => (fromServer ? [] : loadCart(id)));
  const restored = useRef(!fromServer);

  useEffect(() => {
    // The first effect after a hydrated render: take what is stored instead of overwriting it.
    if (!restored.current) {
      restored.current = true;
      dispatch({ type: 'restore', lines: loadCart(platformId) });
      return;
    }
    saveCart(platformId, lines);
  }, [platformId, lines]);

  useEffect(() => {
    if (items) dispatch({ type: 'sync', items });
  }, [items]);

  return { lines, dispatch };
}
