/**
 * One handler for every failure (docs/product.md §8): `{ message, code }` in Vietnamese with a fitting
 * status; validation failures carry per-field messages; 5xx never leak internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES, ERROR_CODES, type ErrorBody } from '@lucky/shared';
import { AppError } from '../lib/app-error.js';
import { API_PATH } from './auth.js';

const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.BAD_JSON, message: API_MESSAGES.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ERROR_CODES.BAD_JSON, message: API_MESSAGES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.PAYLOAD_TOO_LARGE, message: API_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ERROR_CODES.BAD_REQUEST, message: API_MESSAGES.badRequest },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fields[field] ??= issue.message ?? API_MESSAGES.badRequest;
      }
      const first = error.validation[0]?.message ?? API_MESSAGES.badRequest;
      return reply.status(400).send({ message: first, code: ERROR_CODES.VALIDATION, fields } satisfies ErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: API_MESSAGES.tooManyRequests, code: ERROR_CODES.RATE_LIMITED });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CLIENT_ERRORS[error.code];
      // Some clients send JSON that fails to parse with a plain SyntaxError.
      const fallback = error instanceof SyntaxError ? { code: ERROR_CODES.BAD_JSON, message: API_MESSAGES.malformedJson } : undefined;
      const mapped = known ?? fallback ?? { code: ERROR_CODES.BAD_REQUEST, message: API_MESSAGES.badRequest };
      return reply.status(status).send(mapped);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: API_MESSAGES.internal, code: ERROR_CODES.INTERNAL });
  });

}

/**
 * Unknown addresses: client routes of the web app get index.html (when built), everything else a JSON 404.
 */
export function registerNotFound(app: FastifyInstance, sendIndex: ((reply: FastifyReply) => FastifyReply) | null): void {
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      sendIndex &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PATH.test(request.url) &&
      !request.url.startsWith('/docs') &&
      !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (wantsPage) return sendIndex(reply);
    return reply.status(404).send({ message: API_MESSAGES.routeNotFound, code: ERROR_CODES.NOT_FOUND });
  });
}
