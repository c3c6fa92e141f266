import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { COLOUR_MODE_SCRIPT, FIRST_LAYOUT_SCRIPT } from '../../packages/shared/src/inline-scripts';
import { PAGE_MODULES, PAGE_PREFETCH, ROUTE_PRELOADS_END, ROUTE_PRELOADS_FILE, ROUTE_PRELOADS_START } from './src/app/page-modules';
import { frameTokensCss } from './src/components/ui/tokens';
import { devProxy } from './dev-proxy';

const require = createRequire(import.meta.url);

/**
 * react-router's package exports point at its development build (remix-run/react-router#12532), which
 * differs from the production one only by its dev warnings switched on. Builds take the production one.
 */
function reactRouterProduction() {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production');
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
}

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];
type Chunk = Extract<Bundle[string], { type: 'chunk' }>;

interface RouteFiles {
  modulepreload: string[];
  prefetch: string[];
}

/**
 * The files each page needs beyond what index.html loads itself (the entry and its imports): to
 * modulepreload, the chunks of the route's modules (app/page-modules.ts) and, recursively, their static
 * imports; to prefetch, the same for the modules it may need later, less those.
 */
function routeFiles(bundle: Bundle): Record<string, RouteFiles> {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return into;
    into.add(file);
    const chunk = bundle[file];
    for (const imported of chunk?.type === 'chunk' ? chunk.imports : []) closure(imported, into);
    return into;
  };
  const filesOf = (route: string, modules: readonly string[]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(module));
      if (!chunk) throw new Error(`no chunk for ${module} (route ${route}): update app/page-modules.ts`);
      closure(chunk.fileName, files);
    }
    return files;
  };
  const entry = new Set<string>();
  for (const chunk of chunks.filter((item) => item.isEntry)) closure(chunk.fileName, entry);
  return Object.fromEntries(
    Object.entries(PAGE_MODULES).map(([route, modules]) => {
      const preload = [...filesOf(route, modules)].filter((file) => !entry.has(file));
      const prefetch = [...filesOf(route, PAGE_PREFETCH[route] ?? [])].filter((file) => !entry.has(file) && !preload.includes(file));
      return [route, { modulepreload: preload.map((file) => `/${file}`), prefetch: prefetch.map((file) => `/${file}`) }];
    }),
  );
}

/** A route's tags, as the API writes them (apps/api/src/web/route-preloads.ts). */
const routeTags = ({ modulepreload, prefetch }: RouteFiles) => [
  ...modulepreload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ...prefetch.map((href) => `<link rel="prefetch" crossorigin href="${href}">`),
];

/**
 * Per-route modulepreload and prefetch (app/page-modules.ts): writes `.vite/route-preloads.json` for the
 * API, which puts the route's tags into index.html for each page it serves, and gives the built
 * index.html the home page's preloads between markers (a host serving the file as it is gets `/` right).
 */
function routePreloads(): Plugin {
  return {
    name: 'lucky:route-preloads',
    // The browser's build; the server's render (entry-server.tsx) has no index.html and no routes to preload.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // Preloads only: what the file itself prefetches would count as first-load JavaScript in
        // bench/first-load.ts, which weighs every script the built index.html names.
        const home = routeFiles(bundle)['/'];
        const links = (home ? routeTags({ ...home, prefetch: [] }) : []).map((tag) => `    ${tag}`).join('\n');
        return html.replace(/\n?\s*<\/head>/, `\n    ${ROUTE_PRELOADS_START}\n${links}\n    ${ROUTE_PRELOADS_END}\n  </head>`);
      },
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(routeFiles(bundle), null, 2)}\n` });
    },
  };
}

/**
 * The code every storefront page runs before it takes over its server-rendered HTML, in chunks that
 * the entry evaluates one task after the other (main.tsx): React's first run (react-dom's code is
 * compiled and run on first use, ~10 ms here) and the rest were one long task during which a tap waited.
 * - react: React and the scheduler;
 * - zod-core and zod: zod's core and zod/mini (not classic zod), each run in a task of its own;
 * - contracts: the shared contracts the frame parses with, whose schemas are built as the chunk runs
 *   (docs/decisions/0042);
 * - core: the router, TanStack Query, the shared constants and texts, the API client, settings and
 *   session, the frame's icons and the toast.
 * Checked by `npm run bench:weight` (the first load of / stays within its budget).
 */
const REACT_MODULES = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** zod and the shared schemas built with it at load: apart from core, each run in a task before it. */
const ZOD_CORE_MODULES = /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/;
const ZOD_MODULES = /node_modules[\\/]zod[\\/](v4[\\/]mini|mini)[\\/]/;
const CONTRACT_MODULES = /packages[\\/]shared[\\/]src[\\/]guards\.ts$/;
const CORE_MODULES =
  /node_modules[\\/](react-router|@tanstack)[\\/]|packages[\\/]shared[\\/]src[\\/](constants|texts|money|order-status|error-codes)|apps[\\/]web[\\/]src[\\/](lib[\\/](api-client|config|session|file-url|initial-data|after-first-load|query-client|reload-page)\.ts$|components[\\/]frame|components[\\/]ui[\\/](toast|use-page-title|visually-hidden|lazy-component)\.tsx?$)/;

/** The entry's own modules besides itself (main.tsx), in a chunk of their own: none of React's. */
const BOOT_MODULES =
  /packages[\\/]shared[\\/]src[\\/]constants\.ts$|apps[\\/]web[\\/]src[\\/]lib[\\/](colour-mode|after-first-paint)\.ts$|vite[\\/]preload-helper/;

/**
 * The installable shop (docs/decisions/0021): the service worker built from sw/sw.ts with its precache
 * list (the offline page, the icons, public/manifest.webmanifest). The web app registers it and links the
 * manifest itself a while after the page has loaded (src/lib/service-worker.ts), so nothing is added to
 * the first load; no page or API answer is cached.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    // public/manifest.webmanifest, linked by the web app once the page has loaded (src/lib/service-worker.ts):
    // a link in index.html has Chromium fetch it and its icon while the page loads.
    manifest: false,
    injectManifest: {
      globPatterns: ['offline.html', 'favicon.svg', 'icons/*.png', 'manifest.webmanifest'],
    },
  });

/**
 * The page's two inline scripts (packages/shared/src/inline-scripts.ts), as they are (the API allows each by the
 * hash of its text): the colour mode's first in the head, right after the charset and before any stylesheet,
 * since a script after one would wait for it; the first layout's last in the body, where waiting for the
 * stylesheet is the point.
 */
function inlineScripts(): Plugin {
  return {
    name: 'lucky:inline-scripts',
    transformIndexHtml(html) {
      const charset = '<meta charset="UTF-8" />';
      if (!html.includes(charset)) throw new Error(`index.html has lost its ${charset}`);
      const end = '</body>';
      if (!html.includes(end)) throw new Error(`index.html has lost its ${end}`);
      return html
        .replace(charset, () => `${charset}\n    <script>${COLOUR_MODE_SCRIPT}</script>`)
        .replace(end, () => `  <script>${FIRST_LAYOUT_SCRIPT}</script>\n  ${end}`);
    },
  };
}

/** The frame's stylesheet and the marker in it that the tokens replace. */
const FRAME_CSS = '/src/app/frame.css';
const TOKENS_MARKER = '/* lucky:tokens */';

/**
 * Writes the custom properties generated from components/ui/tokens.ts (the MUI theme's source too) into
 * app/frame.css in place of its marker, before Vite processes the CSS: the first load gets them as plain
 * CSS in the stylesheet, no JavaScript. Dev and build alike; the dev server restarts when tokens.ts
 * changes, as it is imported by this config.
 */
function frameTokens(): Plugin {
  return {
    name: 'lucky:frame-tokens',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?', 1)[0]?.endsWith(FRAME_CSS)) return null;
      if (!code.includes(TOKENS_MARKER)) throw new Error(`${FRAME_CSS} has lost its ${TOKENS_MARKER} marker`);
      return { code: code.replace(TOKENS_MARKER, frameTokensCss()), map: null };
    },
  };
}

/**
 * The server's render of the storefront's pages (docs/decisions/0018): `vite build --ssr` of
 * src/entry-server.tsx into dist/.ssr/ (a dot directory: the API does not serve it), one file with its
 * dependencies in it, so the API needs nothing of the web app's packages at run time. React's
 * production build, whatever NODE_ENV the build or the API runs with.
 */
const SSR_OUT_DIR = 'dist/.ssr';
const ssrBuild = defineConfig({
  plugins: [frameTokens(), react()],
  resolve: { alias: reactRouterProduction() },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // React's production JSX too, also when built where NODE_ENV says otherwise (the API's tests).
  oxc: { jsx: { development: false } },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: SSR_OUT_DIR,
    emptyOutDir: false,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: {
      output: { entryFileNames: 'entry-server.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

export default defineConfig(({ command, isSsrBuild }) => (isSsrBuild ? ssrBuild : {
  plugins: [frameTokens(), react(), inlineScripts(), routePreloads(), pwa()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // .vite/manifest.json: bench/first-load.ts reads it to weigh the home page's chunks.
    manifest: true,
    // Everything under assets/ carries a content hash: the API serves it as immutable.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The code every storefront page runs before its first render, in one chunk beside the entry
        // (docs/decisions/0015). Left to itself the bundler splits every module the entry shares with a lazy
        // chunk into a file of its own: / fetched 12 scripts, and on a phone's connection each one more
        // costs a round trip. Modules that only lazy pages use stay in their chunks.
        advancedChunks: {
          groups: [
            // What the entry runs before the first paint (main.tsx): the colour scheme, with the storage
            // keys it reads, and the helper that loads the rest. Apart, so the entry does not wait for
            // the core chunk, nor run it, before the page paints (docs/decisions/0018).
            {
              name: 'boot',
              test: BOOT_MODULES,
              priority: 6,
            },
            {
              name: 'react',
              test: REACT_MODULES,
              priority: 5,
            },
            {
              name: 'zod-core',
              test: ZOD_CORE_MODULES,
              priority: 4,
            },
            {
              name: 'zod',
              test: ZOD_MODULES,
              priority: 3,
            },
            {
              name: 'contracts',
              test: CONTRACT_MODULES,
              priority: 2,
            },
            {
              name: 'core',
              test: CORE_MODULES,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  // The API on :8080 behind the dev server's origin (dev-proxy.ts).
  server: { port: 5173, proxy: devProxy },
  preview: { port: 4173, proxy: devProxy },
}));
