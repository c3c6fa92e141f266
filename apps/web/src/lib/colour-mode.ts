/**
 * The colour mode without MUI (decision 0007): light, dark or the device's setting, stored under the
 * keys MUI used (docs/product.md §3) and applied as the class `light` / `dark` on <html>, which is what MUI's
 * CSS-variables theme (`colorSchemeSelector: 'class'`) and the frame's CSS (app/frame.css) key on.
 * The script in the head of every page (packages/shared/src/inline-scripts.ts, the same choice) applies
 * it before the first paint; this module applies it again when it loads (nothing changes then, unless the
 * head's script could not run) and keeps it in step with the toggle, the device and other tabs.
 * The lazily loaded MUI provider (components/ui/mui-provider.tsx) reads and writes through `muiStorageManager`,
 * so both stay in step. No React here: the web app's entry runs this first and loads the rest after the
 * page's first paint (main.tsx); the hook is the toggle's (colour-mode-toggle.tsx).
 */
import { STORAGE_KEYS } from '@lucky/shared/constants';

export type ColourMode = 'light' | 'dark' | 'system';
export type ColourScheme = 'light' | 'dark';

const MODES: readonly string[] = ['light', 'dark', 'system'];
const isMode = (value: unknown): value is ColourMode => typeof value === 'string' && MODES.includes(value);

function readStored(): ColourMode {
  try {
    const value = window.localStorage.getItem(STORAGE_KEYS.colourMode);
    if (isMode(value)) return value;
  } catch {
    // Storage blocked: the device's setting.
  }
  return 'system';
}

const darkQuery = (): MediaQueryList | undefined =>
  typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;

let mode: ColourMode = readStored();
const listeners = new Set<() => void>();

export function resolveScheme(value: ColourMode): ColourScheme {
  if (value !== 'system') return value;
  return darkQuery()?.matches ? 'dark' : 'light';
}

function apply(disableTransitions: boolean) {
  const scheme = resolveScheme(mode);
  const root = document.documentElement;
  if (root.classList.contains(scheme) && !root.classList.contains(scheme === 'dark' ? 'light' : 'dark')) return;
  // As MUI's disableTransitionOnChange: no element animates its colours while the scheme flips.
  const style = disableTransitions ? document.createElement('style') : null;
  if (style) {
    style.appendChild(document.createTextNode('*{transition:none!important}'));
    document.head.appendChild(style);
  }
  root.classList.remove('light', 'dark');
  root.classList.add(scheme);
  if (style) {
    void window.getComputedStyle(document.body).opacity;
    setTimeout(() => style.remove(), 1);
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function getColourMode(): ColourMode {
  return mode;
}

export function setColourMode(value: ColourMode) {
  if (value === mode) return;
  mode = value;
  try {
    window.localStorage.setItem(STORAGE_KEYS.colourMode, value);
  } catch {
    // Not remembered, still applied.
  }
  apply(true);
  notify();
}

export function subscribeColourMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * For MUI's ThemeProvider `storageManager`: the mode key goes through this store; the other keys (the
 * light and dark scheme names) read and write localStorage as MUI's own manager does.
 */
export function muiStorageManager({ key }: { key: string }) {
  if (key === STORAGE_KEYS.colourMode) {
    return {
      get: () => mode,
      set: (value: string) => {
        if (isMode(value)) setColourMode(value);
      },
      subscribe: (handler: (value: string | null) => void) => subscribeColourMode(() => handler(mode)),
    };
  }
  return {
    get: (defaultValue: string | undefined) => {
      try {
        return window.localStorage.getItem(key) || defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value: string) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // Unsupported.
      }
    },
    subscribe: () => () => {},
  };
}

if (typeof document !== 'undefined') {
  apply(false);
  darkQuery()?.addEventListener?.('change', () => {
    if (mode === 'system') {
      apply(true);
      notify();
    }
  });
  // Another tab changed the mode.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.colourMode) return;
    const next = isMode(event.newValue) ? event.newValue : 'system';
    if (next === mode) return;
    mode = next;
    apply(true);
    notify();
  });
}
