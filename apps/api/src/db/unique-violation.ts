/** True when a query failed on the named unique index (drizzle wraps the driver's error as `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const pgError = e as Error & { code?: unknown; constraint?: unknown };
    if (pgError.code === '23505') return pgError.constraint === constraint;
  }
  return false;
}
