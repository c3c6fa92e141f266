import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import MuiProvider from '../ui/mui-provider';
import { COLOUR_MODES, type ColourMode } from './colour-modes';

const ICONS = { light: LightModeIcon, dark: DarkModeIcon, system: SettingsBrightnessIcon } as const;

export interface ColourModeMenuProps {
  id: string;
  anchor: HTMLElement | null;
  current: ColourMode;
  onPick: (mode: ColourMode) => void;
  onClose: () => void;
}

/** The colour-mode choices; a chunk of its own (with MUI), loaded the first time the toggle is pressed. */
export default function ColourModeMenu({ id, anchor, current, onPick, onClose }: ColourModeMenuProps) {
  return (
    <MuiProvider>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
        {COLOUR_MODES.map(({ mode, label }) => {
          const Icon = ICONS[mode];
          return (
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
          );
        })}
      </Menu>
    </MuiProvider>
  );
}
