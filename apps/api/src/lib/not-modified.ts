import type { FastifyRequest } from 'fastify';

/**
 * Whether the browser already holds this version: its If-None-Match names the validator, compared weakly as
 * RFC 9110 §13.1.2 asks for a GET (`W/` prefixes and lists of tags allowed, `*` matching any).
 */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
