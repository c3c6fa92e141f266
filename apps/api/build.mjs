// Bundles the API into dist/server.js: workspace code (@lucky/shared) is inlined, npm dependencies stay external.
import { build } from 'esbuild';
import fs from 'node:fs/promises';

const pkg = JSON.parse(await fs.readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@lucky/'));

await fs.rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
await fs.cp('src/db/migrations', 'dist/db/migrations', { recursive: true });
