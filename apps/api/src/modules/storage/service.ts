/**
 * Pictures (docs/architecture.md "Processes"): every upload is decoded and re-encoded with sharp, so what we store and
 * serve is a clean image of a known type — no metadata (EXIF location, camera), no smuggled payload —
 * and it is stored by the hash of those bytes, so the same picture is stored once.
 */
import crypto from 'node:crypto';
import type { OutputInfo, Sharp } from 'sharp';
import { API_MESSAGES, STORED_IMAGE_MAX_SIDE, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import * as repo from './repository.js';

export interface StoredImage {
  id: string;
  contentType: string;
  width: number;
  height: number;
}

const OUTPUT: Record<string, { contentType: string; encode: (image: Sharp) => Sharp }> = {
  png: { contentType: 'image/png', encode: (image) => image.png({ compressionLevel: 9, palette: false }) },
  jpeg: { contentType: 'image/jpeg', encode: (image) => image.jpeg({ quality: 85, mozjpeg: true }) },
  webp: { contentType: 'image/webp', encode: (image) => image.webp({ quality: 85 }) },
};

/**
 * sharp (libvips and its thread pool) is loaded with the first picture, not at start-up: most processes
 * of a running shop never handle one, and libvips holds tens of MB resident once loaded. One libvips
 * thread per picture: uploads are rare and small, memory matters more than their speed.
 */
type SharpFn = (typeof import('sharp'))['default'];
let sharpLoaded: Promise<SharpFn> | null = null;
export function loadSharp(): Promise<SharpFn> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

/** Hex sha256: the file id, which is also what makes the serving URL safe to cache forever. */
export const contentHash = (bytes: Uint8Array): string => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Validates and stores one picture: PNG, JPEG or WebP, at most 5 MB and 40 megapixels. The picture is
 * turned upright (EXIF orientation), shrunk to 2048 px on its longer side when larger, re-encoded in
 * its own format and stripped of metadata. Anything else is refused with a Vietnamese 400.
 */
export async function storeImage(db: Db, input: Uint8Array): Promise<StoredImage> {
  if (input.byteLength === 0) throw badRequest(API_MESSAGES.uploadMissing);
  if (input.byteLength > UPLOAD_MAX_BYTES) throw badRequest(API_MESSAGES.uploadTooLarge);

  const sharp = await loadSharp();
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({ format, width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(API_MESSAGES.uploadNotImage);
  }
  const output = format ? OUTPUT[format] : undefined;
  if (!output) throw badRequest(API_MESSAGES.uploadNotImage);
  // Checked from the header, before any pixel is decoded: a tiny file can claim a gigantic canvas.
  if (width * height > UPLOAD_MAX_PIXELS) throw badRequest(API_MESSAGES.uploadTooManyPixels);

  let bytes: Buffer;
  let info: OutputInfo;
  try {
    const image = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: STORED_IMAGE_MAX_SIDE, height: STORED_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    ({ data: bytes, info } = await output.encode(image).toBuffer({ resolveWithObject: true }));
  } catch {
    throw badRequest(API_MESSAGES.uploadNotImage);
  }

  const id = contentHash(bytes);
  await repo.insertFile(db, { id, contentType: output.contentType, size: bytes.byteLength, width: info.width, height: info.height, bytes });
  return { id, contentType: output.contentType, width: info.width, height: info.height };
}

export const findFile = repo.findFile;

/** Throws a Vietnamese 400 unless every id names a stored file (before an order or platform references it). */
export async function requireFiles(db: Db, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await repo.existingIds(db, unique);
  if (unique.some((id) => !found.has(id))) throw badRequest(API_MESSAGES.fileNotFound);
}
