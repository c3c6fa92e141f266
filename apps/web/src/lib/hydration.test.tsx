import { act, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { HydrationProvider, useHydrated, whenHydrated } from './hydration';

function Where() {
  return <p>{useHydrated() ? 'trình duyệt' : 'máy chủ'}</p>;
}

/** The server's markup of `page`, in the document, as the browser receives it before hydrating. */
function serverMarkup(page: ReactNode): HTMLDivElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(page);
  document.body.append(root);
  return root;
}

describe('the page hydrated', () => {
  it('is announced once the page shows what only the browser knows, not while it still shows the server’s markup', async () => {
    const page = (
      <HydrationProvider hydrating>
        <Where />
      </HydrationProvider>
    );
    const root = serverMarkup(page);
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

describe('a part of the page in a boundary of its own', () => {
  it('hydrates before the page switches, so no render of the page is thrown away for it', async () => {
    vi.resetModules();
    const { HydrationBoundary, HydrationProvider, useHydrated, whenHydrated } = await import('./hydration');
    const renders: string[] = [];
    function Header() {
      const hydrated = useHydrated();
      renders.push(`header ${hydrated ? 'trình duyệt' : 'máy chủ'}`);
      return <h1>{hydrated ? 'Xin chào' : 'Đăng nhập'}</h1>;
    }
    function Part() {
      const hydrated = useHydrated();
      renders.push(`part ${hydrated ? 'trình duyệt' : 'máy chủ'}`);
      return <p>{hydrated ? 'trình duyệt' : 'máy chủ'}</p>;
    }
    const page = (
      <HydrationProvider hydrating>
        <Header />
        <HydrationBoundary fallback={<p>đang tải</p>}>
          <Part />
        </HydrationBoundary>
      </HydrationProvider>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    expect(root.textContent).toBe('Đăng nhậpmáy chủ');
    renders.length = 0;

    const recovered: unknown[] = [];
    await act(async () => {
      hydrateRoot(root, page, { onRecoverableError: (error) => recovered.push(error) });
    });
    await whenHydrated();
    expect(root.textContent).toBe('Xin chàotrình duyệt');
    // Each once as the server rendered it, then once switched: the page's header was not rendered for the
    // switch, thrown away while React hydrated the part first, and rendered again.
    expect(renders).toEqual(['header máy chủ', 'part máy chủ', 'header trình duyệt', 'part trình duyệt']);
    expect(recovered).toEqual([]);
    root.remove();
  });
});

describe('what waits for the switch', () => {
  it('waits while a page hydrates, until it shows what only the browser knows', async () => {
    vi.resetModules();
    // A fresh module: no page has switched yet. `Where` reads the context of the module above, so the page
    // here says where it is with the fresh module's own hook.
    const { HydrationProvider, useHydrated, afterTheSwitch } = await import('./hydration');
    function Shown() {
      return <p>{useHydrated() ? 'trình duyệt' : 'máy chủ'}</p>;
    }
    const page = (
      <HydrationProvider hydrating>
        <Shown />
      </HydrationProvider>
    );
    const root = serverMarkup(page);
    // What the page showed when the wait ended: the server's markup would mean it did not wait.
    let shownWhenSent: string | null = null;
    await act(async () => {
      hydrateRoot(root, page);
      // Asked while the page hydrates, as a query's call is asked from its first effects.
      void afterTheSwitch().then(() => {
        shownWhenSent = root.textContent;
      });
    });
    await afterTheSwitch();
    expect(shownWhenSent).toBe('trình duyệt');
    root.remove();
  });

  it('does not wait where nothing is hydrated', async () => {
    vi.resetModules();
    const { afterTheSwitch } = await import('./hydration');
    let sent = false;
    void afterTheSwitch().then(() => {
      sent = true;
    });
    await Promise.resolve();
    expect(sent).toBe(true);
  });
});
