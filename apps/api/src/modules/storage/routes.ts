import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, UPLOAD_MAX_BYTES, errorBody, fileIdParams, uploadResponse } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { notModified } from '../../lib/not-modified.js';
import { writeAudit } from '../../db/audit.js';
import { currentUser, requireAdmin } from '../../plugins/auth.js';
import { findFile, storeImage } from './service.js';

export async function storageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Public and keyless (an <img> sends no headers); ids are content hashes, so the bytes behind an id
  // never change and may be cached forever by browsers and CDNs.
  r.get(
    '/storage/api/v1/storage/file/:fileId',
    {
      config: { keyless: true },
      schema: {
        tags: ['storage'],
        summary: 'Ảnh đã lưu (theo mã tệp)',
        security: [],
        params: fileIdParams,
        response: { 200: z.any(), 304: z.null(), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const etag = `"${request.params.fileId}"`;
      const cacheHeaders = { 'cache-control': 'public, max-age=31536000, immutable', etag, 'x-content-type-options': 'nosniff' };
      if (notModified(request, etag)) return reply.status(304).headers(cacheHeaders).send();
      const file = await findFile(ctx.db, request.params.fileId);
      if (!file) throw notFound(API_MESSAGES.fileNotFound);
      return reply
        .headers({ ...cacheHeaders, 'content-type': file.contentType, 'content-length': String(file.size) })
        .send(Buffer.from(file.bytes));
    },
  );

  // Multipart only in this scope: the rest of the API takes JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 5, parts: 6 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/storage/api/v1/storage/upload',
      {
        preHandler: requireAdmin(ctx),
        schema: {
          tags: ['storage', 'admin'],
          summary: 'Tải ảnh lên (quản trị viên): PNG, JPEG hoặc WebP tối đa 5 MB',
          security: [{ apiKey: [], accessToken: [] }],
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponse, 400: errorBody, 401: errorBody, 403: errorBody, 413: errorBody },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest(API_MESSAGES.uploadMissing);
        const part = await request.file().catch(() => undefined);
        if (!part || part.fieldname !== 'file') throw badRequest(API_MESSAGES.uploadMissing);
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch {
          // @fastify/multipart throws once the stream passes the size limit.
          throw badRequest(API_MESSAGES.uploadTooLarge);
        }
        const actorId = currentUser(request).id;
        const stored = await ctx.db.transaction(async (tx) => {
          const image = await storeImage(tx, bytes);
          await writeAudit(tx, {
            actorId,
            action: 'file.upload',
            entity: 'file',
            entityId: image.id,
            after: { content_type: image.contentType, width: image.width, height: image.height, name: part.filename.slice(0, 200) },
          });
          return image;
        });
        return { id: stored.id, content_type: stored.contentType, width: stored.width, height: stored.height };
      },
    );
  });
}
