import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { STORAGE_KEYS } from '@lucky/shared/constants';
import { muiStorageManager } from '../../lib/colour-mode';
import { theme } from './theme';

/**
 * MUI's theme (light/dark CSS variables) and baseline for everything built with MUI: the pages other
 * than /, the menus, dialogs and toasts. A chunk of its own that they share, so / loads no MUI
 * (decision 0007). The colour mode is the one lib/colour-mode.ts applies and stores: MUI reads and
 * writes it through `muiStorageManager`, so every provider and the frame's toggle agree.
 */
export default function MuiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      defaultMode="system"
      // docs/product.md §3: the colour mode's keys, as the original layout library stored them.
      modeStorageKey={STORAGE_KEYS.colourMode}
      colorSchemeStorageKey={STORAGE_KEYS.colourScheme}
      storageManager={muiStorageManager}
      disableTransitionOnChange
      noSsr
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
