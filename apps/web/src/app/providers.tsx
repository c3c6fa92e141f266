import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { STORAGE_KEYS } from '@lucky/shared/constants';
import { ToastProvider, useToast } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { SESSION_QUERY_KEY, useSignedIn } from '../lib/session';
import { theme } from './theme';

export interface AppProvidersProps {
  children: ReactNode;
  /** A ready client (tests); by default one is made whose failed calls show the error toast. */
  queryClient?: QueryClient;
}

/** Theme with light/dark/system colour mode, toasts and the query client. */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      // Spec §3: the colour mode's keys, as the original layout library stored them.
      modeStorageKey={STORAGE_KEYS.colourMode}
      colorSchemeStorageKey={STORAGE_KEYS.colourScheme}
      disableTransitionOnChange
      noSsr
    >
      <CssBaseline enableColorScheme />
      <ToastProvider>
        <QueryProvider client={queryClient}>{children}</QueryProvider>
      </ToastProvider>
    </ThemeProvider>
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
