/** What every sign-in provider does: turn the client's provider token into a verified profile. */
import type { ProviderProfile } from '../users/service.js';

/** Resolves to the verified profile, or throws an AppError the client can show. */
export type VerifyProviderToken = (userAccessToken: string) => Promise<ProviderProfile>;

/** A display name when the provider gives none: the email's local part. */
export function nameFromEmail(email: string): string {
  return email.slice(0, email.indexOf('@')) || email;
}
