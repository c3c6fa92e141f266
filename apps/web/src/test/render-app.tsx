import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

/** The whole web app at the given history entries (the last one is current unless initialIndex says). */
export function renderApp(entries: string | string[], initialIndex?: number) {
  const initialEntries = Array.isArray(entries) ? entries : [entries];
  const router = createMemoryRouter(routes, { initialEntries, initialIndex });
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

export function signInAs(accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  window.localStorage.setItem('accessToken', accessToken);
  window.localStorage.setItem('refreshToken', refreshToken);
}
