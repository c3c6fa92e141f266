import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@lucky/shared/constants';
import { HydrationProvider, whenHydrated } from '../../lib/hydration';
import { storeItem } from '../../test/shop-fixtures';
import { useCart } from './use-cart';

const items = [storeItem(1), storeItem(2)];
/** Like the platform page's cart panel: the number of lines. */
function CartSize() {
  const cart = useCart(7, items);
  return <p>{cart.lines.length} dòng</p>;
}

describe('the stored cart on a server-rendered page', () => {
  afterEach(() => {
    window.localStorage.clear();
  });

  it('is taken once hydrated, and the server’s empty cart never overwrites it', async () => {
    const root = document.createElement('div');
    const page = (
      <HydrationProvider hydrating>
        <CartSize />
      </HydrationProvider>
    );
    root.innerHTML = renderToString(page);
    expect(root.textContent).toBe('0 dòng');
    document.body.append(root);
    window.localStorage.setItem(
      STORAGE_KEYS.cart,
      JSON.stringify({
        7: [
          { item: items[0], quantity: 1 },
          { item: items[1], quantity: 2 },
        ],
      }),
    );

    await act(async () => {
      hydrateRoot(root, page);
    });
    await whenHydrated();
    expect(root.textContent).toBe('2 dòng');
    // Still stored as it was: the server's empty cart never overwrote it.
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cart) ?? '{}')[7]).toHaveLength(2);
    root.remove();
  });
});
