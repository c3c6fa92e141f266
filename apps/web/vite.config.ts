import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API's path prefixes: the dev server forwards them to the API on :8080 (`npm run dev`). */
const API_TARGET = 'http://127.0.0.1:8080';
const proxy = {
  '^/(auth|user|bank|order|platform|store|storage)/api/': { target: API_TARGET },
  '^/docs(/|$)': { target: API_TARGET },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
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
});
