/**
 * What the web app's entry does before its code for the page runs (docs/decisions/0018): the page
 * comes rendered, so the code waits for its first paint instead of competing with it.
 */

/**
 * Resolves once the browser has painted the page it has: the frame being prepared now, then a task,
 * so what follows runs after that paint, not before it. A hidden tab paints nothing: then at once.
 */
export function afterFirstPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The page's own chunks, named by the API in `<meta name="lucky-modules" content="/assets/a.js …">`
 * (apps/api/src/plugins/web.ts): fetched now, together with the app's code, rather than one after the
 * other as each import finds the next.
 */
export function preloadModules(doc: Document = document): void {
  const files = doc.querySelector('meta[name="lucky-modules"]')?.getAttribute('content')?.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
