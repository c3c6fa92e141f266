/** Refresh tokens: only their sha256 hashes are stored, so a database leak yields no usable token. */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Db,
  values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * The sign-in of a verified email in one statement: its account, created (verified) unless it exists, and a new
 * refresh token of that account, as the demo provider signs in (users/service.ts userForProfile, rule for the
 * demo provider). One round trip instead of a transaction of four; on a small host each is a wake-up of the
 * database and of the server, and a sign-in cost 2 ms of the server's CPU.
 *
 * The statement sees the users table as it was when it began: when another sign-in of the same email created the
 * account meanwhile, the insert does nothing and the account is not seen either. It then answers null, and the
 * caller signs in the long way, which sees the other's account.
 */
export async function signInVerifiedEmail(
  db: Db,
  user: { email: string; name: string; picture: string | null; provider: string; providerSubject: string | null },
  token: { familyId: string; tokenHash: string; expiresAt: Date },
): Promise<{ id: string; email: string } | null> {
  const result = (await db.execute(sql`
    with created as (
      insert into users (email, name, picture, provider, provider_subject, email_verified)
      values (${user.email}, ${user.name}, ${user.picture}, ${user.provider}, ${user.providerSubject}, true)
      on conflict (email) where email_verified do nothing
      returning id, email
    ), account as (
      select id, email from created
      union all
      select id, email from users where email = ${user.email} and email_verified and not exists (select 1 from created)
    ), issued as (
      insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
      select id, ${token.familyId}, ${token.tokenHash}, ${token.expiresAt.toISOString()} from account
      returning user_id
    )
    select account.id, account.email from account join issued on issued.user_id = account.id`)) as unknown as {
    rows: { id: string; email: string }[];
  };
  return result.rows[0] ?? null;
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
