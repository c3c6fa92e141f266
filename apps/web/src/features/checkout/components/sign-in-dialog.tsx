import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { TEXTS } from '@lucky/shared';

/** docs/product.md §2: what a signed-out visitor sees on adding an item or ordering. */
export function SignInDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sign-in-dialog-title" aria-describedby="sign-in-dialog-text">
      <DialogTitle id="sign-in-dialog-title">{TEXTS.noticeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="sign-in-dialog-text">{TEXTS.signInNeeded}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TEXTS.later}</Button>
        <Button component={RouterLink} to="/signin" variant="contained" autoFocus>
          {TEXTS.signIn}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
