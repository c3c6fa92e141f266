/**
 * The `Idempotency-Key` header of the calls a client may send twice for one intent (placing an order, a staff
 * coin adjustment): a retry with the same key finds what the first request did instead of doing it again.
 */
import { z } from 'zod';
import { API_MESSAGES } from '@lucky/shared';

const IDEMPOTENCY_KEY_MAX = 100;

/** Loose: the validated headers object replaces request.headers, so every other header must survive. */
export const idempotencyKeyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: API_MESSAGES.badRequest })
    .min(1, { error: API_MESSAGES.badRequest })
    .max(IDEMPOTENCY_KEY_MAX, { error: API_MESSAGES.tooLong(IDEMPOTENCY_KEY_MAX) })
    .optional(),
});
