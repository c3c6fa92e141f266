// After `vite build`: writes .br and .gz siblings of every text asset over 1 kB in dist/, so the API
// (@fastify/static with preCompressed) sends them compressed without compressing per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // dist/.ssr: the server's render (vite.config.ts), read by the API, never sent.
    if (entry.isDirectory()) {
      if (entry.name !== '.ssr') yield* walk(full);
    }
    else if (entry.isFile()) yield full;
  }
}

async function compress(file) {
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant no smaller than the original is useless to send.
  const written = [];
  if (br.length < source.length) written.push(fs.writeFile(`${file}.br`, br));
  if (gz.length < source.length) written.push(fs.writeFile(`${file}.gz`, gz));
  await Promise.all(written);
  return { file, raw: source.length, br: br.length, gz: gz.length };
}

async function main() {
  const jobs = [];
  for await (const file of walk(dist)) {
    if (!EXTENSIONS.has(path.extname(file))) continue;
    const { size } = await fs.stat(file);
    if (size > MIN_BYTES) jobs.push(compress(file));
  }
  const results = await Promise.all(jobs);
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  for (const r of results.sort((a, b) => b.raw - a.raw)) {
    console.log(
      `  ${path.relative(dist, r.file).padEnd(48)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gz).padStart(9)}  br ${kb(r.br).padStart(9)}`,
    );
  }
  console.log(`compressed ${results.length} files in ${path.relative(process.cwd(), dist) || dist}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
