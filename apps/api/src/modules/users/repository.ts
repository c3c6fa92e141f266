/** Queries on the users table. Emails are stored lower-cased; the unique index on email keys accounts. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  name: string;
  picture: string | null;
  provider: string;
  providerSubject: string | null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Creates the user, or refreshes the profile a provider just vouched for. */
export async function upsertUserByEmail(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({
      target: users.email,
      set: {
        name: values.name,
        picture: values.picture,
        provider: values.provider,
        providerSubject: values.providerSubject,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Creates the user unless the email is already known; either way returns the stored row unchanged. */
export async function insertUserIfAbsent(db: Db, values: NewUser): Promise<UserRow> {
  const [created] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  if (created) return created;
  const [existing] = await db.select().from(users).where(eq(users.email, values.email));
  return existing!;
}
