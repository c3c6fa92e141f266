/**
 * Queries on users and their linked provider identities. Emails are stored lower-cased; a verified email
 * belongs to one account (partial unique index), an unverified one may repeat.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userIdentities, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;

export interface NewUser {
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
  provider: string;
  providerSubject: string | null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * The account of a verified email, created (verified) unless it exists; an existing one is returned
 * unchanged. Two sign-ins racing to create it meet on the unique index and get the same row.
 */
export async function insertVerifiedUserIfAbsent(db: Db, values: Omit<NewUser, 'emailVerified'>): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ ...values, emailVerified: true })
    .onConflictDoNothing({ target: users.email, where: sql`${users.emailVerified}` })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, values.email), eq(users.emailVerified, true)));
  return existing!;
}

/** A new account whose email no provider vouched for: it never shares or claims another account. */
export async function insertUnverifiedUser(db: Db, values: Omit<NewUser, 'emailVerified'>): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, emailVerified: false })
    .returning();
  return row!;
}

/** Refreshes the name and picture a provider just reported. */
export async function updateProfile(db: Db, id: string, profile: { name: string; picture: string | null }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ name: profile.name, picture: profile.picture, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/**
 * Holds the sign-in of one provider account for the rest of the transaction, so two first sign-ins of the
 * same person at once create one account, not two.
 */
export async function lockIdentity(tx: Db, provider: string, subject: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${provider}:${subject}`}, 0))`);
}

export async function findIdentity(db: Db, provider: string, subject: string): Promise<IdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

export async function insertIdentity(
  db: Db,
  values: { provider: string; subject: string; userId: string; email: string; emailVerified: boolean },
): Promise<void> {
  await db.insert(userIdentities).values(values);
}

/** What the provider reports now: the email may have changed, or been verified since. */
export async function updateIdentity(db: Db, id: number, values: { email: string; emailVerified: boolean }): Promise<void> {
  await db
    .update(userIdentities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(userIdentities.id, id));
}
