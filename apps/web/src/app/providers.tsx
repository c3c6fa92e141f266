import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ToastProvider, useToast } from '../components/ui/toast';
import { HydrationProvider, useHydrated } from '../lib/hydration';
import { createQueryClient } from '../lib/query-client';
import { SESSION_QUERY_KEY, useSignedIn } from '../lib/session';

export interface AppProvidersProps {
  children: ReactNode;
  /** A ready client (tests); by default one is made whose failed calls show the error toast. */
  queryClient?: QueryClient;
  /** Rendering the server's HTML, or taking it over (lib/hydration.ts): what only the browser knows follows after. */
  hydrating?: boolean;
}

/**
 * Whether the page has hydrated, toasts and the query client. No theme here: the frame and the home page are styled by app/frame.css
 * (the colour mode is lib/colour-mode.ts), and what is built with MUI brings its provider along
 * (components/ui/mui-provider.tsx, a shared lazy chunk; decision 0007).
 */
export function AppProviders({ children, queryClient, hydrating }: AppProvidersProps) {
  return (
    <HydrationProvider hydrating={hydrating}>
      <ToastProvider>
        <QueryProvider client={queryClient}>{children}</QueryProvider>
      </ToastProvider>
    </HydrationProvider>
  );
}

function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const { showError } = useToast();
  const [queryClient] = useState(() => client ?? createQueryClient(showError));
  return (
    <QueryClientProvider client={queryClient}>
      <SessionDataJanitor />
      {children}
    </QueryClientProvider>
  );
}

/** When the session ends (logout elsewhere, refused refresh), the last user's data must not linger. */
function SessionDataJanitor() {
  // While the page hydrates the session reads as signed out (the server's view): nothing has ended.
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (hydrated && !signedIn) queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  }, [hydrated, signedIn, queryClient]);
  return null;
}
