/**
 * Users: accounts created on first sign-in, found again by the provider's own id of the person
 * (user_identities), never by an email alone (docs/decisions/0011).
 */
import type { Db, Tx } from '../../db/client.js';
import * as repo from './repository.js';

export type { UserRow } from './repository.js';

/** What a sign-in provider vouches for. */
export interface ProviderProfile {
  provider: 'google' | 'facebook' | 'demo';
  /** The provider's own user id; null for the demo provider. */
  subject: string | null;
  email: string;
  /** Whether the provider says the email is the person's (Google's email_verified); Facebook: never. */
  emailVerified: boolean;
  name: string;
  picture: string | null;
}

/**
 * Whether a profile is found by the provider's own id of the person; otherwise (the demo provider) it signs in to
 * the verified account of its email, made if absent (userForProfile).
 */
export const signsInBySubject = (profile: ProviderProfile): profile is ProviderProfile & { subject: string } =>
  profile.provider !== 'demo' && profile.subject !== null;

/** The account a profile would make: its email lower-cased, its name and picture, the provider it came with. */
export function accountValues(profile: ProviderProfile): Omit<repo.NewUser, 'emailVerified'> {
  return {
    email: profile.email.toLowerCase(),
    name: profile.name,
    picture: profile.picture,
    provider: profile.provider,
    providerSubject: profile.subject,
  };
}

/**
 * The account behind a verified provider profile, created on first sign-in:
 * 1. a provider account signed in before (provider, subject) gets the account it is linked to;
 * 2. otherwise, when the provider vouches for the email, it is linked to the account of that verified
 *    email (created if there is none): signing in with Google finds the account made through the demo
 *    provider or another Google sign-in of the same address;
 * 3. otherwise (Facebook) it gets a new account of its own, whose email links nothing and grants nothing,
 *    so a Facebook profile showing someone else's address never enters that person's account.
 * Real providers refresh the stored name and picture. The demo provider (local only) signs in whoever
 * names an email into the account of that email, and only invents a profile, so it never overwrites one.
 * Runs in the caller's transaction (a lock holds the provider account until it ends).
 */
export async function userForProfile(db: Tx, profile: ProviderProfile): Promise<repo.UserRow> {
  const values = accountValues(profile);
  const { email } = values;
  if (!signsInBySubject(profile)) return repo.insertVerifiedUserIfAbsent(db, values);

  const shown = { name: profile.name, picture: profile.picture };
  await repo.lockIdentity(db, profile.provider, profile.subject);
  const identity = await repo.findIdentity(db, profile.provider, profile.subject);
  if (identity) {
    await repo.updateIdentity(db, identity.id, { email, emailVerified: profile.emailVerified });
    return repo.updateProfile(db, identity.userId, shown);
  }
  const user = profile.emailVerified ? await repo.insertVerifiedUserIfAbsent(db, values) : await repo.insertUnverifiedUser(db, values);
  await repo.insertIdentity(db, {
    provider: profile.provider,
    subject: profile.subject,
    userId: user.id,
    email,
    emailVerified: profile.emailVerified,
  });
  return repo.updateProfile(db, user.id, shown);
}

export function getUser(db: Db, id: string): Promise<repo.UserRow | undefined> {
  return repo.findUserById(db, id);
}
