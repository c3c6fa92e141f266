import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { frameTokensCss } from './src/components/ui/tokens';

const require = createRequire(import.meta.url);

/** The API's path prefixes: the dev server forwards them to the API on :8080 (`npm run dev`). */
const API_TARGET = 'http://127.0.0.1:8080';
const proxy = {
  '^/(auth|user|bank|order|platform|store|storage)/api/': { target: API_TARGET },
  '^/docs(/|$)': { target: API_TARGET },
};

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

/** The home page's lazy chunk (see app/routes.tsx); preloaded so `/` fetches it with the entry, not after it. */
const HOME_PAGE = 'src/features/catalog/components/home-page.tsx';

/** Adds `<link rel="modulepreload">` for the home page's chunk and the chunks it imports. */
function preloadHomePage(): Plugin {
  return {
    name: 'lucky:preload-home-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(HOME_PAGE));
        if (!home) throw new Error(`no chunk for ${HOME_PAGE}: update HOME_PAGE in vite.config.ts`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of bundle[file]?.type === 'chunk' ? bundle[file].imports : []) visit(imported);
        };
        visit(home.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
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

export default defineConfig(({ command }) => ({
  plugins: [frameTokens(), react(), preloadHomePage()],
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
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
