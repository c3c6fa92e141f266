import { STORAGE_KEYS } from './constants';

/*
 * The page's inline scripts. apps/web/vite.config.ts writes each into index.html as it is; the API's
 * Content-Security-Policy allows exactly those in INLINE_SCRIPTS, each by the hash of its text
 * (apps/api/src/app.ts). Change a script's text here only.
 */

/**
 * The script first in the head of every page. It applies the remembered colour mode to <html> as the page is
 * parsed, before its first paint: no flash of the wrong scheme for a customer who chose dark. The same choice
 * as apps/web/src/lib/colour-mode.ts, which keeps it in step afterwards: 'light', 'dark', or the device's
 * setting for anything else.
 *
 * It also pays for the page's first use of both storages here, before the first paint. Chromium asks its
 * browser process, synchronously, whether the page may use a storage the first time it is touched, then
 * loads the origin's store, and the page's thread waits on both (docs/decisions/0043). localStorage is
 * touched by the mode's read; sessionStorage by `sessionStorage.length`: the app's first `storage` listener
 * (lib/colour-mode.ts, as its entry loads) makes Chromium open it, and it did so in the entry's evaluation,
 * the first task Lighthouse ties to the app's code (docs/decisions/0050).
 */
export const COLOUR_MODE_SCRIPT =
  `try{sessionStorage.length;var m=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.colourMode)});` +
  `document.documentElement.classList.add(m==='dark'||(m!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches)?'dark':'light')}catch(e){}`;

/**
 * The script last in the body of every page. It asks for the page's layout while the HTML is still being
 * parsed. An inline script waits for the head's stylesheet, so the layout it forces is the page's first full
 * one, with the font lookups of every text style on the page (docs/decisions/0038),
 * done in the HTML parser's task. Left to the browser, that layout ran in whichever task came first once
 * the stylesheet had arrived, and often that was the one that evaluates the app's entry module and fires
 * the document's load: Lighthouse's simulation then tied the layout to the app's scripts and counted it as
 * blocking time after the first paint (docs/decisions/0050).
 */
export const FIRST_LAYOUT_SCRIPT = 'document.documentElement.getBoundingClientRect()';

/** Every inline script a page carries: the CSP's list. */
export const INLINE_SCRIPTS = [COLOUR_MODE_SCRIPT, FIRST_LAYOUT_SCRIPT] as const;
