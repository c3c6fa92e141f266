/**
 * Who is asking (DESIGN.md § Auth): every `/…/api/v1/…` call needs the static `x-api-key`;
 * the access token arrives raw in `authorization`. Routes opt in with `requireUser` / `requireAdmin`.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { API_MESSAGES, ERROR_CODES } from '@lucky/shared';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.js';
import type { AppContext } from '../context.js';

export interface AuthUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** When the access token presented expires (live streams end then). */
  tokenExpiresAt: Date;
  /** The sign-in the token belongs to, when the token names it. */
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * An API route that needs no `x-api-key`: the public file route (an <img src> sends no headers; its ids
     * are content hashes, so nothing can be listed or guessed through it) and the bank-feed webhooks (SePay
     * and Casso cannot send our key; they are checked by the providers' own signatures instead).
     */
    keyless?: boolean;
  }
}

export const API_PATH = /^\/[a-z-]+\/api\/v1\//;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Compares digests in constant time, so neither the key's length nor its content leaks through timing. */
function sameSecret(given: string, expectedDigest: Buffer): boolean {
  return crypto.timingSafeEqual(sha256(given), expectedDigest);
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  // Hashed once: the check runs on every API call, and the public catalogue lists answer from memory.
  const apiKeyDigest = sha256(ctx.config.apiKey);

  // Decided by the route the router matched, never by the raw request line: a percent-encoded,
  // doubled-slash or absolute-form address reaches the same route, and the same check.
  // Unmatched addresses have no handler to protect and get the JSON 404.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (route.url === undefined || !API_PATH.test(route.url) || route.config.keyless === true) return;
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !sameSecret(key, apiKeyDigest)) {
      throw new AppError(ERROR_CODES.INVALID_API_KEY, API_MESSAGES.apiKeyMissing, 401);
    }
  });
}

export function isAdminEmail(ctx: AppContext, email: string): boolean {
  return ctx.config.auth.adminEmails.includes(email.toLowerCase());
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  // The spec sends the token as-is; tolerate a "Bearer " prefix from other tools.
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  const result = await ctx.tokens.verify(token);
  if (!result.ok) {
    if (result.reason === 'expired') {
      throw new AppError(ERROR_CODES.TOKEN_EXPIRED, API_MESSAGES.sessionExpired, 401);
    }
    throw unauthenticated(API_MESSAGES.sessionExpired);
  }
  const { claims } = result;
  return {
    id: claims.userId,
    email: claims.email,
    isAdmin: isAdminEmail(ctx, claims.email),
    tokenExpiresAt: claims.expiresAt,
    sessionId: claims.sessionId ?? null,
  };
}

export function requireUser(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    request.user = await authenticate(ctx, request);
  };
}

export function requireAdmin(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await authenticate(ctx, request);
    if (!user.isAdmin) throw forbidden();
    request.user = user;
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
