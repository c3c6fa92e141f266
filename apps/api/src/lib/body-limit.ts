/**
 * The largest request body the shop reads (Fastify's bodyLimit): a bigger one is answered 413 before it is
 * read, and the connection closed. The resilience fuzz reads it too, to know which bodies meet that refusal.
 */
export const BODY_LIMIT_BYTES = 256 * 1024;
