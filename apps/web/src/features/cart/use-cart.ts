import { useEffect, useReducer, useState } from 'react';
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
 * starts empty, as its HTML does (lib/hydration.ts), and takes the stored cart in the render right after
 * hydrating: in that render's transition, not in an update of its own that would render the whole page
 * again at once, in one long task.
 */
export function useCart(platformId: number, items: readonly StoreItem[] | undefined): Cart {
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(hydrated);
  const [lines, dispatch] = useReducer(cartReducer, platformId, (id) => (restored ? loadCart(id) : []));
  // The items on sale the lines were last checked against: lines of items gone are dropped, prices renewed.
  const [syncedWith, setSyncedWith] = useState<readonly StoreItem[] | undefined>(undefined);
  const restoring = hydrated && !restored;
  if (restoring) {
    setRestored(true);
    dispatch({ type: 'restore', lines: loadCart(platformId) });
  }
  // The stored lines are checked as soon as they are taken, like lines of an earlier list.
  if (restoring || items !== syncedWith) {
    setSyncedWith(items);
    if (items) dispatch({ type: 'sync', items });
  }

  useEffect(() => {
    // Not before the stored cart is taken: the empty cart of the server's render would overwrite it.
    if (restored) saveCart(platformId, lines);
  }, [platformId, lines, restored]);

  return { lines, dispatch };
}
