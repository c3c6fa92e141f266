import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

/** The web app; `hydrating` when it takes over the page the server rendered (start.tsx). */
export function App({ hydrating = false }: { hydrating?: boolean }) {
  return (
    <AppProviders hydrating={hydrating}>
      <BrowserRouter>
        <ScrollRestoration />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
