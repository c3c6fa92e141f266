/**
 * Runs work that can wait until the page has loaded and the browser is idle: fetching code the first
 * screen does not show (the toast view, MUI) without competing with what it does show (docs/decisions/0015).
 * Returns a cancel function for effects.
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
