import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getColourMode, setColourMode, subscribeColourMode } from '../../lib/colour-mode';
import { useHydrated } from '../../lib/hydration';
import { useLazyMenu } from '../../lib/use-lazy-menu';
import { Icon } from '../frame/icons';
import { COLOUR_MODES, type ColourMode } from './colour-modes';

const ColourModeMenu = lazy(() => import('./colour-mode-menu'));

const ICONS = { light: 'lightMode', dark: 'darkMode', system: 'settingsBrightness' } as const;

/**
 * The current mode, re-rendering on every change (this tab's toggle, another tab, MUI's own setMode).
 * The server cannot know it: its HTML, and the browser's render that hydrates it, say 'system' (the
 * page's colours come from the class on <html>, applied before the first paint; only the icon follows).
 */
function useColourMode(): ColourMode {
  // The server's mode is 'system' (it has no storage); the browser's hydrating render reads its own and
  // shows 'system' until hydrated, then switches in a transition (lib/hydration.ts).
  const hydrated = useHydrated();
  const mode = useSyncExternalStore(subscribeColourMode, getColourMode, getColourMode);
  return hydrated ? mode : 'system';
}

/** Light, dark or the device's setting; lib/colour-mode.ts stores the choice under MUI's keys. */
export function ColourModeToggle() {
  const mode = useColourMode();
  const menu = useLazyMenu();
  const current = COLOUR_MODES.find((entry) => entry.mode === mode) ?? COLOUR_MODES[2]!;
  const label = `Chế độ màu: ${current.label}`;

  const pick = (value: ColourMode) => {
    setColourMode(value);
    menu.close();
  };

  return (
    <>
      <button type="button" className="ls-icon-button" aria-label={label} title={label} {...menu.buttonProps}>
        <Icon name={ICONS[current.mode]} />
      </button>
      {menu.wanted && (
        <Suspense fallback={null}>
          <ColourModeMenu id={menu.id} anchor={menu.anchor} current={current.mode} onPick={pick} onClose={menu.close} />
        </Suspense>
      )}
    </>
  );
}
