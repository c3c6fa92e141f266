/**
 * The files the API names in `<meta name={metaName} content="/assets/a.js /assets/b.js">`
 * (apps/api/src/web/route-preloads.ts), and their links, which the callers add one a task.
 */

/** The files `<meta name={metaName}>` names. */
export function namedFiles(doc: Document, metaName: string): string[] {
  return (doc.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content')?.split(' ') ?? []).filter(Boolean);
}

/** Adds one `<link rel={rel}>` for `href` to the head. */
export function linkFile(doc: Document, href: string, rel: 'modulepreload' | 'prefetch'): void {
  const link = doc.createElement('link');
  link.rel = rel;
  link.crossOrigin = '';
  link.href = href;
  doc.head.append(link);
}
