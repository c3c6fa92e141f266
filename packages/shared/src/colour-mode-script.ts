import { STORAGE_KEYS } from './constants';

/**
 * The one script written into the head of every page (apps/web/vite.config.ts puts it there; the API's
 * Content-Security-Policy allows it by its hash, apps/api/src/app.ts). It applies the remembered colour
 * mode to <html> as the page is parsed, before its first paint: no flash of the wrong scheme for a
 * customer who chose dark. The same choice as apps/web/src/lib/colour-mode.ts, which keeps it in step
 * afterwards: 'light', 'dark', or the device's setting for anything else.
 *
 * It also pays for the page's first use of both storages here, before the first paint. Chromium asks its
 * browser process, synchronously, whether the page may use a storage the first time it is touched, then
 * loads the origin's store, and the page's thread waits on both (docs/decisions/0043). localStorage is
 * touched by the mode's read; sessionStorage by `sessionStorage.length`: the app's first `storage` listener
 * (lib/colour-mode.ts, as its entry loads) makes Chromium open it, and it did so in the entry's evaluation,
 * the first task Lighthouse ties to the app's code (docs/decisions/0050).
 * The text is hashed as it is: change it here only.
 */
export const COLOUR_MODE_SCRIPT =
  `try{sessionStorage.length;var m=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.colourMode)});` +
  `document.documentElement.classList.add(m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}`;
