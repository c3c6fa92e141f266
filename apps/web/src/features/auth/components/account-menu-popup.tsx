import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import type { User } from '@lucky/shared';
import MuiProvider from '../../../components/ui/mui-provider';
import { useSignOut } from '../use-sign-out';

export interface AccountMenuPopupProps {
  id: string;
  anchor: HTMLElement | null;
  user: User | undefined;
  onClose: () => void;
}

/** The signed-in user's menu; a chunk of its own, loaded the first time the user area is pressed. */
export default function AccountMenuPopup({ id, anchor, user, onClose }: AccountMenuPopupProps) {
  const { signOut, pending } = useSignOut();
  return (
    <MuiProvider>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user && (
          <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
            <Typography variant="subtitle2" noWrap>
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.email}
            </Typography>
          </Box>
        )}
        {user && <Divider />}
        <MenuItem disabled={pending} onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Đăng xuất
        </MenuItem>
      </Menu>
    </MuiProvider>
  );
}
