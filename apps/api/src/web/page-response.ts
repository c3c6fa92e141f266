/**
 * A page's HTML is built once per catalogue (catalogue-pages.ts) and compressed then, not per request: each
 * response sends the variant the browser accepts, chosen as for the built files (assets.ts) with
 * @fastify/accept-negotiator: q-values, `*`, and br before gzip when both are as welcome.
 */
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function compressPage(html: string): Page {
  const bytes = Buffer.from(html);
  return {
    html: bytes,
    br: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
    }),
    gzip: zlib.gzipSync(bytes, { level: 9 }),
  };
}

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** Never cached (its settings and catalogue change), in the encoding the browser prefers. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  { varyOnCookie = false }: { varyOnCookie?: boolean } = {},
): FastifyReply {
  reply
    .header('cache-control', 'no-cache')
    .header('vary', varyOnCookie ? 'accept-encoding, cookie' : 'accept-encoding')
    .type('text/html; charset=utf-8');
  const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? ''));
  return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
}

/**
 * A page carrying a customer's own data (customer-pages.ts): built for this request, compressed for it
 * (quick settings: it is sent once), and kept by no cache, shared or the browser's.
 */
export function sendPrivatePage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.header('cache-control', 'private, no-store').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
  const bytes = Buffer.from(html);
  const encoding = encodings.negotiate(String(request.headers['accept-encoding'] ?? ''));
  if (encoding === 'br') {
    const body = zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(bytes, { level: 6 }));
  return reply.send(bytes);
}
