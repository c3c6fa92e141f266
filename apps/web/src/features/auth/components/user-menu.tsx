import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { TEXTS } from '@lucky/shared/texts';
import { useSignedIn } from '../../../lib/session';
import { useCurrentUser } from '../api';

const AccountMenuPopup = lazy(() => import('./account-menu-popup'));

const AVATAR_SIZE = 32;

/** From small screens up the name shows beside the picture; on phones the picture alone. */
const buttonSx = { minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } } as const;

const nameSx = {
  display: { xs: 'none', sm: 'inline' },
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** Spec §2: the user's picture and name; anonymous it reads 'Đăng nhập' and leads to /signin. */
export function UserMenu() {
  const signedIn = useSignedIn();
  if (!signedIn) {
    return (
      <Button
        component={RouterLink}
        to="/signin"
        color="inherit"
        startIcon={<Avatar sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE }} />}
      >
        {TEXTS.signIn}
      </Button>
    );
  }
  return <AccountButton />;
}

function AccountButton() {
  const { data: user, isPending } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code loads on first use and then stays, so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuId = useId();
  // Spec §3: the name's default label is 'Đăng nhập' (e.g. when the user call failed).
  const name = user?.name || TEXTS.signIn;

  return (
    <>
      <Button
        color="inherit"
        sx={buttonSx}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        startIcon={
          <Avatar
            aria-hidden
            src={user?.picture ?? undefined}
            alt=""
            sx={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
            slotProps={{ img: { width: AVATAR_SIZE, height: AVATAR_SIZE, referrerPolicy: 'no-referrer' } }}
          >
            {user?.name?.trim().charAt(0).toUpperCase() || undefined}
          </Avatar>
        }
      >
        {/* Named by hidden text that contains the visible name (an aria-label would hide the text from checks). */}
        <VisuallyHidden>{isPending ? 'Tài khoản' : `Tài khoản: ${name}`}</VisuallyHidden>
        <Box component="span" aria-hidden sx={nameSx}>
          {isPending ? <Skeleton width={80} sx={{ bgcolor: 'rgba(255,255,255,0.25)' }} /> : name}
        </Box>
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchor={anchor} user={user} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
