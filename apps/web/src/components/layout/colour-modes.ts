import type { ColourMode } from '../../lib/colour-mode';

export type { ColourMode };

/** The colour modes in menu order; the icons live with the toggle (plain SVG) and the menu (MUI). */
export const COLOUR_MODES: readonly { mode: ColourMode; label: string }[] = [
  { mode: 'light', label: 'Sáng' },
  { mode: 'dark', label: 'Tối' },
  { mode: 'system', label: 'Theo thiết bị' },
];
