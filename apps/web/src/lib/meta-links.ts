/**
 * Adds a `<link rel={rel}>` to the head for each file the API names in `<meta name={metaName}
 * content="/assets/a.js /assets/b.js">` (apps/api/src/plugins/web.ts).
 */
export function linkNamedFiles(doc: Document, metaName: string, rel: 'modulepreload' | 'prefetch'): void {
  for (const href of namedFiles(doc, metaName)) linkFile(doc, href, rel);
}

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
