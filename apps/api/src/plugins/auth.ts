/**
 * Who is asking (docs/product.md §6, §7): every `/…/api/v1/…` call needs the static `x-api-key`;
 * the access token arrives raw in `authorization`. Routes opt in with `requireUser`, `requireStaff` (the
 * console's order queue and transfers: staff and owners) or `requireOwner` (everything else in the
 * console: owners only). A guarded route's role is written into the OpenAPI document as `x-role`, from
 * the guard itself, so the document cannot say otherwise than the route does.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { API_MESSAGES, ERROR_CODES } from '@lucky/shared';
import { AppError, forbidden, unauthenticated } from '../lib/app-error.js';
import type { AppContext } from '../context.js';

/** Who works in the console (OWNER_EMAILS, STAFF_EMAILS): owners may do everything, staff the orders. */
export type StaffRole = 'owner' | 'staff';

export interface AuthUser {
  id: string;
  email: string;
  /** null for a customer. */
  role: StaffRole | null;
  /** Staff or owner: the console. */
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
  interface FastifySchema {
    /** Who may call a console route (set from its guard, see registerAuth). */
    'x-role'?: StaffRole;
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

/** The OpenAPI extension naming who may call a console route: 'staff' (staff and owners) or 'owner'. */
export const ROLE_EXTENSION = 'x-role';
/** The guards requireStaff and requireOwner hand out, with the role each lets through. */
const guardRoles = new WeakMap<object, StaffRole>();

/**
 * A check of `secret` that takes the same time whatever the secret's length and content: the candidate is
 * written into a zeroed buffer as long as the secret's (at least 256 bytes) and compared in constant time
 * with the secret written the same way; the byte lengths, compared as numbers, must match too (a longer
 * candidate is cut at the buffer's end). Only the candidate's own length shows in the time taken. A
 * digest per call did the same for a secret of any length, but cost more than a cached catalogue answer.
 */
export function secretCheck(secret: string): (candidate: string) => boolean {
  const size = Math.max(256, Buffer.byteLength(secret));
  const expected = Buffer.alloc(size);
  const expectedLength = expected.write(secret);
  const scratch = Buffer.alloc(size);
  return (candidate) => {
    scratch.fill(0);
    const length = Buffer.byteLength(candidate);
    scratch.write(candidate);
    const same = crypto.timingSafeEqual(scratch, expected);
    return same && length === expectedLength;
  };
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  // The role a route's guard demands goes into its OpenAPI description (`x-role`), read from the guard.
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest, route.preHandler].flat().filter((hook) => typeof hook === 'function');
    const role = hooks.map((hook) => guardRoles.get(hook)).find((found) => found !== undefined);
    if (role) route.schema = { ...route.schema, [ROLE_EXTENSION]: role };
  });
  // Prepared once: the check runs on every API call, and the public catalogue lists answer from memory.
  const sameApiKey = secretCheck(ctx.config.apiKey);

  // Decided by the route the router matched, never by the raw request line: a percent-encoded,
  // doubled-slash or absolute-form address reaches the same route, and the same check.
  // Unmatched addresses have no handler to protect and get the JSON 404.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    if (route.url === undefined || !API_PATH.test(route.url) || route.config.keyless === true) return;
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !sameApiKey(key)) {
      throw new AppError(ERROR_CODES.INVALID_API_KEY, API_MESSAGES.apiKeyMissing, 401);
    }
  });
}

/** The console role of a verified email, or null for a customer. */
export function roleOf(ctx: AppContext, email: string): StaffRole | null {
  const address = email.toLowerCase();
  if (!address) return null;
  if (ctx.config.auth.ownerEmails.includes(address)) return 'owner';
  return ctx.config.auth.staffEmails.includes(address) ? 'staff' : null;
}

/** Staff or owner: the email opens the console. */
export function isAdminEmail(ctx: AppContext, email: string): boolean {
  return roleOf(ctx, email) !== null;
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
  // The token's email is the account's verified email ('' when none): roles go by it alone.
  const role = roleOf(ctx, claims.email);
  return {
    id: claims.userId,
    email: claims.email,
    role,
    isAdmin: role !== null,
    tokenExpiresAt: claims.expiresAt,
    sessionId: claims.sessionId ?? null,
  };
}

export function requireUser(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    request.user = await authenticate(ctx, request);
  };
}

/** The console's order work (the queue, moves, password reveals, transfers): staff and owners. */
export function requireStaff(ctx: AppContext): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const user = await authenticate(ctx, request);
    if (!user.isAdmin) throw forbidden();
    request.user = user;
  };
  guardRoles.set(guard, 'staff');
  return guard;
}

/** The earlier name of requireStaff: anyone who works in the console. */
export const requireAdmin = requireStaff;

/**
 * What only the shop's owners may do: the catalogue, coin adjustments, refunds sent, the day's figures,
 * reports and exports. Staff get 403 with a message that says so; customers the usual 403.
 */
export function requireOwner(ctx: AppContext): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    const user = await authenticate(ctx, request);
    if (user.role === 'staff') throw forbidden(API_MESSAGES.ownerOnly);
    if (user.role !== 'owner') throw forbidden();
    request.user = user;
  };
  guardRoles.set(guard, 'owner');
  return guard;
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
