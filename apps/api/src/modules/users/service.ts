/** Users: accounts keyed by email, created on first sign-in with any provider. */
import type { Db } from '../../db/client.js';
import { findUserById, insertUserIfAbsent, upsertUserByEmail, type UserRow } from './repository.js';

export type { UserRow } from './repository.js';

/** What a sign-in provider vouches for. */
export interface ProviderProfile {
  provider: 'google' | 'facebook' | 'demo';
  /** The provider's own user id; null for the demo provider. */
  subject: string | null;
  email: string;
  name: string;
  picture: string | null;
}

/**
 * The account behind a verified provider profile, created on first sign-in.
 * Real providers refresh the stored name and picture; the demo provider only invents them,
 * so a demo sign-in never overwrites a real profile.
 */
export async function userForProfile(db: Db, profile: ProviderProfile): Promise<UserRow> {
  const values = {
    email: profile.email.toLowerCase(),
    name: profile.name,
    picture: profile.picture,
    provider: profile.provider,
    providerSubject: profile.subject,
  };
  return profile.provider === 'demo' ? insertUserIfAbsent(db, values) : upsertUserByEmail(db, values);
}

export function getUser(db: Db, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}
