import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ToastProvider, useToast } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { SESSION_QUERY_KEY, useSignedIn } from '../lib/session';

export interface AppProvidersProps {
  children: ReactNode;
  /** A ready client (tests); by default one is made whose failed calls show the error toast. */
  queryClient?: QueryClient;
}

/**
 * Toasts and the query client. No theme here: the frame and the home page are styled by app/frame.css
 * (the colour mode is lib/colour-mode.ts), and what is built with MUI brings its provider along
 * (components/ui/mui-provider.tsx, a shared lazy chunk; decision 0007).
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <ToastProvider>
      <QueryProvider client={queryClient}>{children}</QueryProvider>
    </ToastProvider>
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
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
  }, [signedIn, queryClient]);
  return null;
}
