import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text as it is (a page PostgreSQL wrote, an answer kept in memory, an order built field by field):
 * the route's 200 schema documents it, and the tests hold the body to that schema.
 */
export function sendJsonBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
