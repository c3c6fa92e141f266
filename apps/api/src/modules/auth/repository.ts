/** Refresh tokens: only their sha256 hashes are stored, so a database leak yields no usable token. */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Locks the row until the transaction ends, so two refreshes of one token cannot both succeed. */
export async function lockRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markRefreshTokenUsed(db: Db, id: string, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
}

/** Ends a whole sign-in: every token ever rotated from it. */
export async function revokeRefreshFamily(db: Db, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Whether any token of the family was revoked (revocation marks them all). */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** Which of these families were revoked: one query for many live streams' sign-ins. */
export async function revokedFamilies(db: Db, familyIds: readonly string[]): Promise<Set<string>> {
  if (familyIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(inArray(refreshTokens.familyId, [...familyIds]), isNotNull(refreshTokens.revokedAt)));
  return new Set(rows.map((row) => row.familyId));
}
