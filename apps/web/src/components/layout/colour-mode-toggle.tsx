import { lazy, Suspense, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { COLOUR_MODES, type ColourMode } from './colour-modes';

const ColourModeMenu = lazy(() => import('./colour-mode-menu'));

/** Light, dark or the device's setting; MUI stores the choice under the keys set in app/providers.tsx. */
export function ColourModeToggle() {
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code loads on first use and then stays, so it can animate closed.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuId = useId();
  const current = COLOUR_MODES.find((entry) => entry.mode === mode) ?? COLOUR_MODES[2]!;
  const label = `Chế độ màu: ${current.label}`;

  const pick = (value: ColourMode) => {
    setMode(value);
    setAnchor(null);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        <current.Icon />
      </IconButton>
      {menuWanted && (
        <Suspense fallback={null}>
          <ColourModeMenu
            id={menuId}
            anchor={anchor}
            current={current.mode}
            onPick={pick}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
