import { STORAGE_KEYS } from './constants';

/**
 * The one script written into the head of every page (apps/web/vite.config.ts puts it there; the API's
 * Content-Security-Policy allows it by its hash, apps/api/src/app.ts). It applies the remembered colour
 * mode to <html> as the page is parsed, before its first paint: no flash of the wrong scheme for a
 * customer who chose dark, and the page's first read of localStorage (Chromium asks its browser process
 * whether the page may use storage, then loads the origin's whole store, waiting on both) is paid here,
 * before the first paint, instead of in the first task of the app's code (docs/decisions/0043).
 * The same choice as apps/web/src/lib/colour-mode.ts, which keeps it in step afterwards: 'light', 'dark',
 * or the device's setting for anything else. The text is hashed as it is: change it here only.
 */
export const COLOUR_MODE_SCRIPT =
  `try{var m=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.colourMode)});` +
  `document.documentElement.classList.add(m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}`;
