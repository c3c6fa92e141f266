/**
 * Google sign-in (docs/product.md §6, docs/decisions/0011): the client sends a Google ID token; we check its signature against
 * Google's key set, its issuer, audience and expiry. The key-set address and issuer are config so tests
 * can run a local key set.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { API_MESSAGES, ERROR_CODES, TEXT_LIMITS } from '@lucky/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { ProviderProfile } from '../users/service.js';
import { nameFromEmail, type VerifyProviderToken } from './provider.js';

const invalidToken = () => new AppError(ERROR_CODES.UNAUTHENTICATED, API_MESSAGES.invalidGoogleToken, 401);

/** Null when no client id is configured: Google sign-in is then off. */
export function createGoogleVerifier(
  google: Config['auth']['google'],
  log: FastifyBaseLogger,
): VerifyProviderToken | null {
  const { clientId, issuers } = google;
  if (!clientId) return null;
  // One key set per app: jose caches the keys and refetches (rate-limited) when Google rotates them.
  const keySet = createRemoteJWKSet(new URL(google.jwksUrl));

  return async (idToken): Promise<ProviderProfile> => {
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(idToken, keySet, {
        issuer: issuers,
        audience: clientId,
        algorithms: ['RS256'],
      }));
    } catch (error) {
      logRefusal(log, error);
      throw invalidToken();
    }
    if (typeof claims.sub !== 'string' || typeof claims.email !== 'string' || !claims.email.includes('@')) {
      throw invalidToken();
    }
    // An unverified address could belong to someone else: such an account is refused outright.
    if (claims.email_verified !== true) {
      throw new AppError(ERROR_CODES.UNAUTHENTICATED, API_MESSAGES.emailNotVerified, 401);
    }
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : nameFromEmail(claims.email);
    return {
      provider: 'google',
      subject: claims.sub,
      email: claims.email,
      // Checked above: Google vouches for it, so it may link this sign-in to the account of that email.
      emailVerified: true,
      name: name.slice(0, TEXT_LIMITS.name),
      picture: typeof claims.picture === 'string' ? claims.picture : null,
    };
  };
}

/** Only the reason is logged, never the token or its claims. */
function logRefusal(log: FastifyBaseLogger, error: unknown): void {
  // Fetch failures, timeouts, non-200 answers (a bare JOSEError) and malformed key sets.
  const keySetTrouble =
    !(error instanceof joseErrors.JOSEError) ||
    error instanceof joseErrors.JWKSTimeout ||
    error instanceof joseErrors.JWKSInvalid ||
    error.code === joseErrors.JOSEError.code;
  if (keySetTrouble) {
    // Every Google sign-in fails while the key set is unreachable: the operator must hear of it.
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'google key set unavailable');
  } else {
    log.info({ reason: error.code }, 'google id token refused');
  }
}
