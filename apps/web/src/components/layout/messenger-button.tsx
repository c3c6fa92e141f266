import Fab from '@mui/material/Fab';
import ForumIcon from '@mui/icons-material/Forum';

/** Spec §1: the floating button at the bottom right opens the shop's messenger chat in a new tab. */
export function MessengerButton({ href }: { href: string }) {
  return (
    <Fab
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Nhắn tin với shop"
      title="Nhắn tin với shop"
      color="primary"
      sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 }, zIndex: 'speedDial' }}
    >
      <ForumIcon />
    </Fab>
  );
}
