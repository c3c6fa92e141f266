import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';

export type ColourMode = 'light' | 'dark' | 'system';

export const COLOUR_MODES: readonly { mode: ColourMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: 'light', label: 'Sáng', Icon: LightModeIcon },
  { mode: 'dark', label: 'Tối', Icon: DarkModeIcon },
  { mode: 'system', label: 'Theo thiết bị', Icon: SettingsBrightnessIcon },
];
