import { linkFile, namedFiles } from './meta-links';

/**
 * Runs work that can wait until the page has loaded and the browser is idle, so it does not compete
 * with what the first screen shows (docs/decisions/0015). Returns a cancel function for effects.
 */
export function afterFirstLoad(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = setTimeout(task, 0);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Code the page may need later (the toast view, a dialog), named by the API in
 * `<meta name="lucky-prefetch" content="/assets/a.js /assets/b.js">` (apps/api/src/web/route-preloads.ts): fetched into the
 * HTTP cache once the page has loaded, not run, so an error toast still shows if the network drops later.
 * A worker fetches them (prefetch-worker.ts, docs/decisions/0032): the fifteen or so files of a page
 * cost the page's own thread nothing. As `<link rel=prefetch>` in the head, each link was a change to the
 * document (a style check and a new frame) and each answer a task, while the page was hydrating.
 * Prefetch links written into the HTML would be fetched while the page still loads, competing with what it shows.
 */
export function prefetchLaterCode(doc: Document = document): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelLoad = afterFirstLoad(() => {
    const files = namedFiles(doc, 'lucky-prefetch');
    if (files.length === 0 || cancelled) return;
    if (typeof Worker === 'function') {
      try {
        new Worker(new URL('./prefetch-worker.ts', import.meta.url), { name: 'prefetch' }).postMessage(files);
        return;
      } catch {
        // A worker refused (a policy, a browser without them): the links below.
      }
    }
    // Without workers: one link a task, as a batch of fifteen in one task was a long task on a phone.
    const next = (index: number) => {
      const href = files[index];
      if (cancelled || href === undefined) return;
      linkFile(doc, href, 'prefetch');
      timer = setTimeout(() => next(index + 1), 0);
    };
    next(0);
  });
  return () => {
    cancelled = true;
    cancelLoad();
    clearTimeout(timer);
  };
}
