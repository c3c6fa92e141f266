/**
 * Adds a `<link rel={rel}>` to the head for each file the API names in `<meta name={metaName}
 * content="/assets/a.js /assets/b.js">` (apps/api/src/plugins/web.ts).
 */
export function linkNamedFiles(doc: Document, metaName: string, rel: 'modulepreload' | 'prefetch'): void {
  const files = doc.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content')?.split(' ') ?? [];
  for (const href of files.filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = rel;
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}
