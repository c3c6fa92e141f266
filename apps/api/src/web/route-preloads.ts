/**
 * Each client route's own chunks (docs/decisions/0015-page-speed.md): the web build lists them per route
 * (apps/web/src/app/page-modules.ts) in `.vite/route-preloads.json`, and marks the home page's preload
 * tags in index.html, which are replaced per route.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
const PRELOADS_START = '<!--lucky:route-preloads-->';
const PRELOADS_END = '<!--/lucky:route-preloads-->';

/** What the build lists for a route: chunks to modulepreload, and code it may need later to prefetch. */
export interface RouteFiles {
  modulepreload: string[];
  prefetch: string[];
}

/** The build's list by route (`/`, `/item/:id`…); empty when the build wrote none. */
export function readRouteFiles(webDist: string): Record<string, RouteFiles> {
  const file = path.join(webDist, ROUTE_PRELOADS_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RouteFiles>) : {};
}

/**
 * The route's tags in place of the home page's preloads; none for a route the build does not list.
 * `afterPaint`: the page comes rendered (docs/decisions/0018-server-rendered-first-paint.md), its code is not
 * needed for the first paint and must not compete with it: the chunks are named in
 * `<meta name="lucky-modules">`, which the web app's entry preloads once the page has painted
 * (apps/web/src/main.tsx), instead of at once.
 */
export function withRoutePreloads(html: string, files: RouteFiles | undefined, afterPaint = false): string {
  const start = html.indexOf(PRELOADS_START);
  const end = html.indexOf(PRELOADS_END);
  if (start < 0 || end < start) return html;
  const modules = files?.modulepreload ?? [];
  const tags = afterPaint
    ? modules.length
      ? [`<meta name="lucky-modules" content="${modules.join(' ')}">`]
      : []
    : modules.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  // Fetched by the page once it has loaded (apps/web/src/lib/after-first-load.ts): prefetch links would
  // be fetched while it still loads, competing with what it shows.
  if (files?.prefetch.length) tags.push(`<meta name="lucky-prefetch" content="${files.prefetch.join(' ')}">`);
  return html.slice(0, start) + tags.join('') + html.slice(end + PRELOADS_END.length);
}
