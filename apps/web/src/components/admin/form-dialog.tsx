import { useId, type FormEvent, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  open?: boolean;
  title: ReactNode;
  /** The request is running: the dialog stays open, both buttons are off and the submit shows `busyLabel`. */
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  submitColor?: ButtonProps['color'];
  /** Keeps the submit off without a request running (a picture still uploading). */
  submitBlocked?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  onClose: () => void;
  /** Usually react-hook-form's `handleSubmit(…)`, which checks the form with its schema first. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
  children: ReactNode;
}

/** A dialog around a form, with 'Huỷ' and a submit button: the admin console's edit and action dialogs. */
export function FormDialog({
  open = true,
  title,
  busy,
  submitLabel,
  busyLabel = 'Đang lưu…',
  submitColor = 'primary',
  submitBlocked = false,
  maxWidth = 'sm',
  onClose,
  onSubmit,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} aria-labelledby={titleId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Huỷ
          </Button>
          <Button type="submit" variant="contained" color={submitColor} disabled={busy || submitBlocked}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
