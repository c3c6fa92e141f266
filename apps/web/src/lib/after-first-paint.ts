/**
 * What the web app's entry does before its code for the page runs (docs/decisions/0018): the page
 * comes rendered, so the code waits for its first paint instead of competing with it.
 */
import { linkFile, namedFiles } from './meta-links';

/** However long the first paint takes, the code does not wait longer than this. */
const PAINT_WAIT_MS = 3000;

/**
 * Resolves once the browser has painted the page's content (its `first-contentful-paint` entry, which
 * comes once the frame is on screen; a frame callback runs before its frame is, too early), then a task.
 * A hidden tab paints nothing, and a browser without paint timing has no entry: then after two frames.
 */
export function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  const paintTiming = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!paintTiming) {
    return new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))).then(nextTask);
  }
  const painted = new Promise<void>((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(finish, PAINT_WAIT_MS);
  });
  return painted.then(nextTask);
}

/**
 * The page's own chunks, named by the API in `<meta name="lucky-modules" content="/assets/a.js …">`
 * (apps/api/src/web/route-preloads.ts): fetched now, together with the app's code, rather than one after the
 * other as each import finds the next.
 */
export function preloadModules(doc: Document = document): void {
  // One link a task: the browser starts each fetch as its link is added, and all of them in one task took
  // up to ~16 ms on a busy machine (a long task on a phone, counted in Lighthouse's TBT).
  for (const href of namedFiles(doc, 'lucky-modules')) setTimeout(() => linkFile(doc, href, 'modulepreload'), 0);
}

/** Resolves in a later task: what follows runs after the browser has had a chance to handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The router's index of this history entry (`idx` in its state), written ahead in a task of its own: the
 * router writes it on its first render when missing (react-router's getUrlBasedHistory), and that
 * `history.replaceState` (1–7 ms here, a call out of the page's process) fell in the first slice of the
 * page's hydration. The same state the router writes; an entry that has its index keeps it.
 */
export function writeHistoryIndex(): void {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state) return;
  window.history.replaceState({ ...(typeof state === 'object' ? state : {}), idx: 0 }, '');
}
