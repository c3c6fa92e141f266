/**
 * What the home page `/` downloads as JavaScript before it is usable, weighed as gzip level 9 per file:
 * every /assets/*.js that the built index.html loads or preloads (the entry and its imports), plus the
 * home page's lazy chunk and its static imports from Vite's manifest — counted even if the preload in
 * index.html is ever dropped. Needs a web build (`npm run build -w @lucky/web`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(root, 'apps/web/dist');
/** The home page's module, as Vite's manifest names it (relative to apps/web). */
export const HOME_PAGE_MODULE = 'src/features/catalog/components/home-page.tsx';
/** Budget for the JS of `/`, gzip: customers shop from phones on mobile data. */
export const FIRST_LOAD_BUDGET_KB = 140;

interface ManifestChunk {
  file: string;
  imports?: string[];
}

export interface FirstLoad {
  /** The entry and its static imports (and anything else index.html loads), with their gzip bytes. */
  entry: Map<string, number>;
  /** The home page's lazy chunk and its static imports not already in `entry`. */
  home: Map<string, number>;
  entryBytes: number;
  totalBytes: number;
  /** Files of the admin console (its routes, `src/features/admin-*`) among those above: customers never pay for it. */
  adminFiles: string[];
}

const gzipSize = (dist: string, file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

const sum = (files: Map<string, number>) => [...files.values()].reduce((total, bytes) => total + bytes, 0);

export function firstLoadJs(dist = WEB_DIST): FirstLoad {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with build.manifest = true`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  if (!manifest[HOME_PAGE_MODULE]) throw new Error(`the manifest has no ${HOME_PAGE_MODULE}: update HOME_PAGE_MODULE`);
  /** A chunk's file and, recursively, the files it imports statically. */
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const homeFiles = closure(HOME_PAGE_MODULE);

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entryFiles = closure('index.html');
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) {
    // The home page's own files are preloaded by index.html too: they are counted as the home page's.
    if (!homeFiles.has(match[1]!)) entryFiles.add(match[1]!);
  }
  const entry = new Map([...entryFiles].map((file) => [file, gzipSize(dist, file)]));
  const home = new Map([...homeFiles].filter((file) => !entry.has(file)).map((file) => [file, gzipSize(dist, file)]));
  const entryBytes = sum(entry);
  const admin = new Set(
    Object.entries(manifest)
      .filter(([key]) => key.startsWith('src/features/admin-') || key === 'src/app/admin-routes.tsx')
      .map(([, chunk]) => chunk.file),
  );
  if (admin.size === 0) throw new Error('the manifest has no admin chunk: update the admin filter in firstLoadJs');
  const adminFiles = [...entry.keys(), ...home.keys()].filter((file) => admin.has(file));
  return { entry, home, entryBytes, totalBytes: entryBytes + sum(home), adminFiles };
}

/** Gzip bytes of the JavaScript `/` needs (see firstLoadJs). */
export function firstLoadJsGzip(dist = WEB_DIST): number {
  return firstLoadJs(dist).totalBytes;
}
