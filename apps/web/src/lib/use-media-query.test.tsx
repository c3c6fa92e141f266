import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationProvider, useHydrated, whenHydrated } from './hydration';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

const seen: boolean[] = [];

function Screen() {
  const phone = useMediaQuery(PHONE_QUERY);
  seen.push(phone);
  return <p>{phone ? 'điện thoại' : 'màn hình rộng'}</p>;
}

/** Like the platform page: it reads what only the browser knows (the cart), so it renders again once hydrated. */
function Page() {
  const hydrated = useHydrated();
  return (
    <main data-hydrated={hydrated}>
      <Screen />
    </main>
  );
}

describe('a media query on a server-rendered page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    seen.length = 0;
  });

  it('shows the phone’s layout once hydrated, rendered once with the rest of the switch, not again at once', async () => {
    const page = (
      <HydrationProvider hydrating>
        <Page />
      </HydrationProvider>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    expect(root.textContent).toBe('màn hình rộng');
    document.body.append(root);
    seen.length = 0;
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));

    await act(async () => {
      hydrateRoot(root, page);
    });
    await whenHydrated();
    expect(root.textContent).toBe('điện thoại');
    // The hydrating render, then the switch: a read that differed from the hydrating one would add a third.
    expect(seen).toEqual([false, true]);
    root.remove();
  });
});
