import { useLayoutEffect } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction, type NavigateOptions, type To } from 'react-router';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/routes';

interface Probe {
  location?: Location;
  navigate?: NavigateFunction;
}

/**
 * Reports each location the app commits (what the user sees, not a navigation still loading its page)
 * with a navigate function for tests (what a link or Back would do).
 */
function LocationProbe({ onCommit }: { onCommit: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onCommit(location, navigate), [onCommit, location, navigate]);
  return null;
}

/** The whole web app at the given history entries (the last one is current unless initialIndex says). */
export function renderApp(entries: string | string[], initialIndex?: number) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const probe: Probe = {};
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={initialEntries} initialIndex={initialIndex}>
        <LocationProbe
          onCommit={(location, navigate) => {
            probe.location = location;
            probe.navigate = navigate;
          }}
        />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );

  /** The address the app shows now (pathname, search, navigation state). */
  const location = (): Location => {
    if (!probe.location) throw new Error('the app has not rendered yet');
    return probe.location;
  };

  /** Goes to an address, or through the history (-1 is Back). */
  async function navigate(to: To | number, options?: NavigateOptions): Promise<void> {
    const go = probe.navigate;
    if (!go) throw new Error('the app has not rendered yet');
    await act(async () => {
      if (typeof to === 'number') await go(to);
      else await go(to, options);
    });
  }

  return { ...view, location, navigate, user };
}

export function signInAs(accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  window.localStorage.setItem('accessToken', accessToken);
  window.localStorage.setItem('refreshToken', refreshToken);
}
