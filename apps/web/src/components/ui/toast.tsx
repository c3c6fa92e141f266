/**
 * Toasts (docs/product.md §2, §8): an error is a red filled alert at the top right for 5 s, dismissible, reading
 * the error's message or 'Lỗi không mong muốn'; a success lasts 3 s and reads 'Thành công' by default.
 * One toast at a time: a new one replaces the current one and restarts its timer.
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { TEXTS } from '@lucky/shared/texts';

// Loaded with the first toast. The page has prefetched it into the HTTP cache once loaded
// (lib/after-first-load.ts, app/page-modules.ts), so an error still shows when the network drops
// meanwhile; not run before then, it costs the page no main-thread time.
const ToastView = lazy(() => import('./toast-view'));

export interface ToastApi {
  /** Shows a message, or the message of an error (an ApiError, an Error, anything with `message`). */
  showError: (messageOrError?: unknown) => void;
  showSuccess: (message?: string) => void;
}

/** The text to show for a failure: its own message when it has one, else the generic one. */
export function errorMessage(messageOrError: unknown): string {
  if (typeof messageOrError === 'string' && messageOrError.trim()) return messageOrError;
  if (typeof messageOrError === 'object' && messageOrError !== null && 'message' in messageOrError) {
    const { message } = messageOrError;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return TEXTS.unexpectedError;
}

interface Toast {
  id: number;
  severity: 'error' | 'success';
  message: string;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);


  const show = useCallback((severity: Toast['severity'], message: string) => {
    setToast((previous) => ({ id: (previous?.id ?? 0) + 1, severity, message }));
    setOpen(true);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      showError: (messageOrError) => show('error', errorMessage(messageOrError)),
      showSuccess: (message = TEXTS.success) => show('success', message.trim() ? message : TEXTS.success),
    }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView {...toast} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider');
  return api;
}
