/**
 * The built web app's files: fingerprinted assets with immutable caching, the rest for an hour. The web
 * build writes `.br` and `.gz` beside each text file (apps/web/scripts/compress.mjs), which @fastify/static
 * sends by the browser's Accept-Encoding (`preCompressed`): nothing is compressed per request.
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
    wildcard: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
}
