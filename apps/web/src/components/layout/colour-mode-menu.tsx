import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { COLOUR_MODES, type ColourMode } from './colour-modes';

export interface ColourModeMenuProps {
  id: string;
  anchor: HTMLElement | null;
  current: ColourMode;
  onPick: (mode: ColourMode) => void;
  onClose: () => void;
}

/** The colour-mode choices; a chunk of its own, loaded the first time the toggle is pressed. */
export default function ColourModeMenu({ id, anchor, current, onPick, onClose }: ColourModeMenuProps) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {COLOUR_MODES.map(({ mode, label, Icon }) => (
        <MenuItem
          key={mode}
          role="menuitemradio"
          aria-checked={mode === current}
          selected={mode === current}
          onClick={() => onPick(mode)}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
