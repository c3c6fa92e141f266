import { API_MESSAGES, ERROR_CODES, type ErrorCode } from '@lucky/shared';

/** The one error vocabulary (docs/architecture.md "Where each rule lives"): a machine code, a Vietnamese message, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = API_MESSAGES.badRequest, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.VALIDATION, message, 400, fields);
export const unauthenticated = (message: string = API_MESSAGES.signInRequired) =>
  new AppError(ERROR_CODES.UNAUTHENTICATED, message, 401);
export const forbidden = (message: string = API_MESSAGES.forbidden) => new AppError(ERROR_CODES.FORBIDDEN, message, 403);
export const notFound = (message: string = API_MESSAGES.notFound) => new AppError(ERROR_CODES.NOT_FOUND, message, 404);
export const conflict = (message: string) => new AppError(ERROR_CODES.CONFLICT, message, 409);

/**
 * The id of a `/:id` route, or 404 with `message` when it is malformed: a malformed id is just a row
 * that does not exist, as on every route with an id (not a 400).
 */
export function idOr404<T>(
  schema: { safeParse(value: unknown): { success: true; data: { id: T } } | { success: false } },
  params: unknown,
  message: string,
): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(message);
  return parsed.data.id;
}
