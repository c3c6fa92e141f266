/**
 * The demo provider (docs/product.md §6, docs/decisions/0011): signs in whoever names an email. For local use, e2e and tests
 * only; config turns it off in production unless explicitly enabled.
 */
import { API_MESSAGES, TEXT_LIMITS } from '@lucky/shared';
import { badRequest } from '../../lib/app-error.js';
import type { ProviderProfile } from '../users/service.js';
import { nameFromEmail } from './provider.js';

/** RFC 5321 caps an address at 254 characters. */
const MAX_EMAIL_LENGTH = 254;
/** Sane, not exhaustive: one @, no spaces, a dotted domain. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export async function verifyDemoToken(userAccessToken: string): Promise<ProviderProfile> {
  const email = userAccessToken.trim().toLowerCase();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) {
    throw badRequest(API_MESSAGES.invalidEmail, { user_access_token: API_MESSAGES.invalidEmail });
  }
  return {
    provider: 'demo',
    subject: null,
    email,
    // Local use only: whoever names an email owns it here, as the demo provider always did.
    emailVerified: true,
    name: nameFromEmail(email).slice(0, TEXT_LIMITS.name),
    picture: null,
  };
}
