import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import MuiProvider from './mui-provider';
import { ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@lucky/shared/constants';

export interface ToastViewProps {
  /** Changes for every toast, restarting the timer. */
  id: number;
  open: boolean;
  severity: 'error' | 'success';
  message: string;
  onClose: () => void;
}

/** The alert itself (a chunk of its own, fetched right after the first paint; see toast.tsx). */
export default function ToastView({ id, open, severity, message, onClose }: ToastViewProps) {
  return (
    <MuiProvider>
      <Snackbar
        key={id}
        open={open}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={severity === 'error' ? ERROR_TOAST_MS : SUCCESS_TOAST_MS}
        onClose={(_event, reason) => {
          // A click elsewhere must not hide an error before it can be read.
          if (reason !== 'clickaway') onClose();
        }}
      >
        <Alert
          variant="filled"
          severity={severity}
          role={severity === 'error' ? 'alert' : 'status'}
          onClose={onClose}
          closeText="Đóng"
          sx={{ width: '100%', alignItems: 'center' }}
        >
          {message}
        </Alert>
      </Snackbar>
    </MuiProvider>
  );
}
