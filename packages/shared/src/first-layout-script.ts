/**
 * The one script written at the end of every page's body (apps/web/vite.config.ts puts it there; the API's
 * Content-Security-Policy allows it by its hash, apps/api/src/app.ts). It asks for the page's layout while
 * the HTML is still being parsed. An inline script waits for the head's stylesheet, so the layout it forces
 * is the page's first full one, with the font lookups of every text style on the page (docs/decisions/0038),
 * done in the HTML parser's task. Left to the browser, that layout ran in whichever task came first once
 * the stylesheet had arrived, and often that was the one that evaluates the app's entry module and fires
 * the document's load: Lighthouse's simulation then tied the layout to the app's scripts and counted it as
 * blocking time after the first paint (docs/decisions/0050).
 * The text is hashed as it is: change it here only.
 */
export const FIRST_LAYOUT_SCRIPT = 'document.documentElement.getBoundingClientRect()';
