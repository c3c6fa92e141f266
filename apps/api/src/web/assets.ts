/**
 * The built web app's files: fingerprinted assets with immutable caching, the rest for an hour. The web
 * build writes `.br` and `.gz` beside each text file (apps/web/scripts/compress.mjs); each answer sends the
 * variant the browser accepts (@fastify/accept-negotiator, as for the pages: page-response.ts), so nothing
 * is compressed per request.
 *
 * The files are read once, when the shop starts, and sent from memory, one route per file: the build does
 * not change while the shop runs (a deploy restarts it). Sent from disk, each answer cost a stat, an open and
 * a read stream: about six bare routes' worth of the server's time for a 1 kB script, where the page routes
 * send their bytes from memory (docs/decisions/0054). A path is served only by its exact name, so no folder is
 * read per request either (docs/decisions/0040).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mime from 'mime';
import { notModified } from '../lib/not-modified.js';

type Encoding = 'br' | 'gzip';

const SUFFIXES: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** One of a file's bodies and its validator: each variant has its own, as a cache keeps them apart (Vary). */
interface Variant {
  body: Buffer;
  etag: string;
}

interface BuiltFile {
  type: string;
  cacheControl: string;
  plain: Variant;
  compressed: Partial<Record<Encoding, Variant>>;
  /** Chooses among the file's compressed variants; null when it has none (pictures). */
  negotiator: Negotiator<Encoding> | null;
}

/** One negotiator for each set of variants a file may have (its cache of answers shared by those files). */
const negotiators = new Map<string, Negotiator<Encoding>>();
function negotiatorFor(offered: Encoding[]): Negotiator<Encoding> | null {
  if (offered.length === 0) return null;
  const key = offered.join(',');
  let negotiator = negotiators.get(key);
  if (!negotiator) negotiators.set(key, (negotiator = new Negotiator<Encoding>({ supportedValues: offered })));
  return negotiator;
}

const variant = (body: Buffer): Variant => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

/** A text type with its charset: the build writes UTF-8 only. */
function contentType(file: string): string {
  const type = mime.getType(file) ?? 'application/octet-stream';
  return /^(text\/|application\/json)/.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * The build's files a browser may ask for, as paths relative to `root` in URL form: every file but the
 * compressed variants, index.html (the page routes send it, with the page's settings and data: index.ts)
 * and whatever lies in a hidden folder (`.vite`, `.ssr`: the build's own records and its server render).
 */
async function servedFiles(root: string): Promise<string[]> {
  const names = await fs.readdir(root, { recursive: true });
  const candidates = names
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name !== 'index.html' && !/\.(br|gz)$/.test(name) && !name.split('/').some((part) => part.startsWith('.')));
  const stats = await Promise.all(candidates.map((name) => fs.stat(path.join(root, name))));
  return candidates.filter((_, i) => stats[i]!.isFile());
}

async function readBuiltFile(root: string, name: string): Promise<BuiltFile> {
  const full = path.join(root, name);
  const compressed: Partial<Record<Encoding, Variant>> = {};
  for (const encoding of Object.keys(SUFFIXES) as Encoding[]) {
    const body = await fs.readFile(full + SUFFIXES[encoding]).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (body) compressed[encoding] = variant(body);
  }
  const offered = (Object.keys(SUFFIXES) as Encoding[]).filter((encoding) => compressed[encoding]);
  return {
    type: contentType(name),
    cacheControl: name.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    plain: variant(await fs.readFile(full)),
    compressed,
    negotiator: negotiatorFor(offered),
  };
}

function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, file: BuiltFile): FastifyReply {
  // The negotiator offers only the variants this file has.
  const encoding = file.negotiator?.negotiate(String(request.headers['accept-encoding'] ?? '')) ?? null;
  const chosen = encoding ? file.compressed[encoding]! : file.plain;
  reply.header('content-type', file.type).header('cache-control', file.cacheControl).header('etag', chosen.etag);
  if (file.negotiator) reply.header('vary', 'accept-encoding');
  if (notModified(request, chosen.etag)) return reply.code(304).send();
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(chosen.body);
}

export async function registerAssets(app: FastifyInstance, webDist: string): Promise<void> {
  const names = await servedFiles(webDist);
  const files = await Promise.all(names.map((name) => readBuiltFile(webDist, name)));
  for (const [i, name] of names.entries()) {
    const file = files[i]!;
    app.get(`/${name}`, { schema: { hide: true } }, (request, reply) => sendBuiltFile(request, reply, file));
  }
}
