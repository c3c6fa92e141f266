/** Machine codes carried in `{ message, code }` error bodies (docs/product.md §8). */
export const ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION: 'VALIDATION',
  BAD_JSON: 'BAD_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INVALID_API_KEY: 'INVALID_API_KEY',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The access token has expired: the client refreshes once and retries. */
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  INVALID_REFRESH_TOKEN: 'INVALID_REFRESH_TOKEN',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  NOT_ENOUGH_COINS: 'NOT_ENOUGH_COINS',
  RATE_LIMITED: 'RATE_LIMITED',
  /** Attaching a transfer smaller than the order's total: resend with accept_short to confirm. */
  TRANSFER_SHORT: 'TRANSFER_SHORT',
  /** The server holds as many live streams as it may: try again after Retry-After. */
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
