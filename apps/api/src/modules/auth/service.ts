/**
 * Sign-in, token refresh and sign-out (docs/product.md §6, docs/decisions/0011). A sign-in yields our own short-lived access
 * token and a refresh token; each refresh spends the refresh token and issues the next one of the same
 * family. Presenting a spent token again means it was copied: the whole family is revoked.
 */
import crypto from 'node:crypto';
import { API_MESSAGES, ERROR_CODES, type TokenPair } from '@lucky/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { accountValues, getUser, signsInBySubject, userForProfile, type ProviderProfile } from '../users/service.js';
import type { VerifyProviderToken } from './provider.js';
import {
  findRefreshToken,
  insertRefreshToken,
  isFamilyRevoked,
  revokedFamilies,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  signInVerifiedEmail,
} from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const invalidRefreshToken = () =>
  new AppError(ERROR_CODES.INVALID_REFRESH_TOKEN, API_MESSAGES.invalidRefreshToken, 401);

/** A new refresh token: what the client keeps, and what is stored of it (its hash) with its expiry. */
function newRefreshToken(ctx: AppContext): { token: string; tokenHash: string; expiresAt: Date } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ctx.config.auth.refreshTokenTtlDays * DAY_MS) };
}

/**
 * The access token of a sign-in. Its email is what admin rights go by (plugins/auth.ts): an email no provider
 * verified carries none.
 */
const accessToken = (ctx: AppContext, user: { id: string; email: string; emailVerified: boolean }, familyId: string) =>
  ctx.tokens.sign({ userId: user.id, email: user.emailVerified ? user.email : '', sessionId: familyId });

/** Issues an access token and a fresh refresh token; a new family unless one is given (rotation). */
async function issueTokens(
  ctx: AppContext,
  db: Db,
  user: { id: string; email: string; emailVerified: boolean },
  familyId: string = crypto.randomUUID(),
): Promise<TokenPair> {
  const refreshToken = newRefreshToken(ctx);
  await insertRefreshToken(db, { userId: user.id, familyId, tokenHash: refreshToken.tokenHash, expiresAt: refreshToken.expiresAt });
  return { access_token: await accessToken(ctx, user, familyId), refresh_token: refreshToken.token };
}

/** Exchanges a provider token for our token pair; an unknown or disabled provider is a 404. */
export async function signIn(
  ctx: AppContext,
  providers: ReadonlyMap<string, VerifyProviderToken>,
  provider: string,
  userAccessToken: string,
): Promise<TokenPair> {
  const verify = providers.get(provider);
  if (!verify) throw notFound(API_MESSAGES.providerNotSupported);
  const profile = await verify(userAccessToken);
  if (!signsInBySubject(profile)) {
    const pair = await signInByEmail(ctx, profile);
    if (pair) return pair;
  }
  return ctx.db.transaction(async (tx) => issueTokens(ctx, tx, await userForProfile(tx, profile)));
}

/**
 * A profile that signs in by its email alone (the demo provider) in one statement (repository.ts
 * signInVerifiedEmail); null when a sign-in of the same email at the same moment made the account, and the
 * transaction must find it.
 */
async function signInByEmail(ctx: AppContext, profile: ProviderProfile): Promise<TokenPair | null> {
  const refreshToken = newRefreshToken(ctx);
  const familyId = crypto.randomUUID();
  const user = await signInVerifiedEmail(ctx.db, accountValues(profile), {
    familyId,
    tokenHash: refreshToken.tokenHash,
    expiresAt: refreshToken.expiresAt,
  });
  if (!user) return null;
  return { access_token: await accessToken(ctx, { ...user, emailVerified: true }, familyId), refresh_token: refreshToken.token };
}

type Rotation = { ok: true; tokens: TokenPair } | { ok: false; reused?: { userId: string; familyId: string } };

export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = new Date();
  // The transaction returns its verdict instead of throwing, so a family revocation is committed
  // even though the request fails.
  const rotation = await ctx.db.transaction(async (tx): Promise<Rotation> => {
    const row = await lockRefreshToken(tx, hashToken(refreshToken));
    if (!row || row.revokedAt) return { ok: false };
    if (row.usedAt) {
      await revokeRefreshFamily(tx, row.familyId, now);
      return { ok: false, reused: { userId: row.userId, familyId: row.familyId } };
    }
    if (row.expiresAt <= now) return { ok: false };
    const user = await getUser(tx, row.userId);
    if (!user) return { ok: false };
    await markRefreshTokenUsed(tx, row.id, now);
    return { ok: true, tokens: await issueTokens(ctx, tx, user, row.familyId) };
  });
  if (!rotation.ok) {
    // A stolen token, or a client that refreshed twice at once: worth an operator's glance.
    if (rotation.reused) ctx.log.warn(rotation.reused, 'spent refresh token presented again; its sign-in was revoked');
    throw invalidRefreshToken();
  }
  return rotation.tokens;
}

/** Ends the sign-in the refresh token belongs to, if it is the caller's; quietly does nothing otherwise. */
export async function signOut(ctx: AppContext, userId: string, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const row = await findRefreshToken(ctx.db, hashToken(refreshToken));
  if (row && row.userId === userId) await revokeRefreshFamily(ctx.db, row.familyId, new Date());
}

/** True once the sign-in an access token belongs to has been ended (sign-out, or a reused refresh token). */
export function isSessionRevoked(db: Db, sessionId: string): Promise<boolean> {
  return isFamilyRevoked(db, sessionId);
}

/** Which of these sign-ins have been ended, in one query (the live streams' heartbeat checks them together). */
export function revokedSessions(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  return revokedFamilies(db, sessionIds);
}
