import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrationProvider, useHydrated, whenHydrated } from './hydration';

function Where() {
  return <p>{useHydrated() ? 'trình duyệt' : 'máy chủ'}</p>;
}

describe('the page hydrated', () => {
  it('is announced once the page shows what only the browser knows, not while it still shows the server’s markup', async () => {
    const page = (
      <HydrationProvider hydrating>
        <Where />
      </HydrationProvider>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    expect(root.textContent).toBe('máy chủ');
    let announced = false;
    void whenHydrated().then(() => {
      announced = true;
    });
    await Promise.resolve();
    expect(announced).toBe(false);

    await act(async () => {
      hydrateRoot(root, page);
    });
    await whenHydrated();
    expect(announced).toBe(true);
    expect(root.textContent).toBe('trình duyệt');
    root.remove();
  });
});
