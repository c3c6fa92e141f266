/**
 * The built web app's files: fingerprinted assets with immutable caching, the rest for an hour. The web
 * build writes `.br` and `.gz` beside each text file (apps/web/scripts/compress.mjs), which @fastify/static
 * sends by the browser's Accept-Encoding (`preCompressed`): nothing is compressed per request.
 *
 * One route per file, listed once at start (`wildcard: false`): the build's files do not change while the
 * shop runs. A catch-all route would read the folders of every requested path to check its spelling, two
 * directory listings per file sent (docs/decisions/0040).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export async function registerAssets(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // index.html is sent by the page routes (index.ts), with the page's settings and data in it.
    index: false,
    wildcard: false,
    // The page routes send it (index.ts), as they do for `/`.
    globIgnore: ['index.html'],
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
