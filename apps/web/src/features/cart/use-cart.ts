import { useEffect, useReducer } from 'react';
import type { StoreItem } from '@lucky/shared';
import { cartReducer, loadCart, saveCart, type CartAction, type CartLine } from './cart';

export interface Cart {
  lines: CartLine[];
  dispatch: (action: CartAction) => void;
}

/**
 * The cart of one platform, saved on every change. Mount it under a key of the platform id, so
 * moving to another platform starts from that platform's own stored cart.
 */
export function useCart(platformId: number, items: readonly StoreItem[] | undefined): Cart {
  const [lines, dispatch] = useReducer(cartReducer, platformId, loadCart);

  useEffect(() => {
    saveCart(platformId, lines);
  }, [platformId, lines]);

  useEffect(() => {
    if (items) dispatch({ type: 'sync', items });
  }, [items]);

  return { lines, dispatch };
}
