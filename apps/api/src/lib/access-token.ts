/** Our own short-lived access tokens (HS256 JWT), sent raw in `authorization` (docs/product.md §7). */
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';

export interface AccessClaims {
  userId: string;
  /** The account's verified email, which admin rights go by; '' when no provider verified it. */
  email: string;
  /** The sign-in (refresh-token family) the token was issued for; a revoked sign-in ends live streams. */
  sessionId?: string | undefined;
}

export type VerifyResult =
  | { ok: true; claims: AccessClaims & { expiresAt: Date } }
  | { ok: false; reason: 'expired' | 'invalid' };

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/**
 * Tokens already verified, with their claims: a customer's app sends the same token with every call for its
 * whole lifetime, and the HMAC check (WebCrypto, a thread-pool job each) was the largest single cost of a
 * signed-in call. Only tokens whose signature and claims checked out are kept, each until it expires; the
 * secret is fixed for the life of the process.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

const ISSUER = 'lucky-shop';
const AUDIENCE = 'lucky-shop-web';

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // Imported once: jose imports a raw secret anew on every call, which was a tenth of a signed-in read's CPU.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const verified = new LRUCache<string, AccessClaims & { expiresAt: Date }>({ max: VERIFIED_TOKENS_KEPT });
  return {
    async sign({ userId, email, sessionId }) {
      return new SignJWT(sessionId ? { email, sid: sessionId } : { email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > Date.now()) return { ok: true, claims: known };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.exp !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
        const claims = { userId: payload.sub, email: payload.email, sessionId, expiresAt: new Date(payload.exp * 1000) };
        verified.set(token, claims);
        return { ok: true, claims };
      } catch (error) {
        return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
