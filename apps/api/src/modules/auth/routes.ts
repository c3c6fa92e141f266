import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { API_MESSAGES, errorBody, okResponse, refreshBody, signInBody, signInProviderParams, signOutBody, tokenPair } from '@lucky/shared';
import { isLoopbackHost } from '../../config-safety.js';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/app-error.js';
import { currentUser, requireUser } from '../../plugins/auth.js';
import { verifyDemoToken } from './demo.js';
import { createFacebookVerifier } from './facebook.js';
import { createGoogleVerifier } from './google.js';
import type { VerifyProviderToken } from './provider.js';
import { refresh, signIn, signOut } from './service.js';

/**
 * Per client IP. Sign-in is rare for a real customer; the limit blunts token guessing and floods of
 * account creation. Refresh happens every few minutes per open tab, and many customers can share one
 * carrier-grade NAT address, so it gets more room.
 */
const SIGN_IN_LIMIT: RateLimitOptions = { max: 20, timeWindow: '1 minute' };
const REFRESH_LIMIT: RateLimitOptions = { max: 60, timeWindow: '1 minute' };

/** Headers a proxy adds: a request that carries one came through a proxy, so from another machine. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Demo sign-in (any email, no password) serves the machine the shop runs on, whatever the settings say:
 * a request that came through a proxy, or over a socket from another address, is refused
 * (docs/decisions/0012-fail-closed-defaults.md). The socket's own address, never `request.ip`, which
 * TRUST_PROXY lets a proxy's header set.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  if (PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const address = request.raw.socket.remoteAddress;
  return address !== undefined && isLoopbackHost(address);
}

/** The providers this app accepts, built once per app (Google's key set is cached inside its verifier). */
function enabledProviders(ctx: AppContext): Map<string, VerifyProviderToken> {
  const { auth } = ctx.config;
  const providers = new Map<string, VerifyProviderToken>();
  const google = createGoogleVerifier(auth.google, ctx.log);
  if (google) providers.set('google', google);
  const facebook = createFacebookVerifier(auth.facebook, ctx.log);
  if (facebook) providers.set('facebook', facebook);
  if (auth.demo) providers.set('demo', verifyDemoToken);
  return providers;
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const providers = enabledProviders(ctx);
  const limit = (options: RateLimitOptions) => ({ rateLimit: ctx.config.rateLimit ? options : (false as const) });

  // The spec's path is /auth/api/v1/auth/{provider}-sign-in: the router reads the provider up to "-sign-in".
  api.post(
    '/auth/api/v1/auth/:provider-sign-in',
    {
      config: limit(SIGN_IN_LIMIT),
      schema: {
        tags: ['auth'],
        summary: 'Đăng nhập bằng token của nhà cung cấp (google, facebook, demo)',
        params: signInProviderParams,
        body: signInBody,
        response: { 200: tokenPair, 403: errorBody },
      },
    },
    async (request) => {
      if (request.params.provider === 'demo' && providers.has('demo') && !fromThisMachine(request)) {
        throw forbidden(API_MESSAGES.demoSignInLocalOnly);
      }
      return signIn(ctx, providers, request.params.provider, request.body.user_access_token);
    },
  );

  api.post(
    '/auth/api/v1/auth/refresh-token',
    {
      config: limit(REFRESH_LIMIT),
      schema: {
        tags: ['auth'],
        summary: 'Đổi refresh token lấy cặp token mới',
        body: refreshBody,
        response: { 200: tokenPair },
      },
    },
    async (request) => refresh(ctx, request.body.refresh_token),
  );

  api.post(
    '/auth/api/v1/auth/sign-out',
    {
      preHandler: requireUser(ctx),
      schema: {
        tags: ['auth'],
        summary: 'Đăng xuất: thu hồi phiên của refresh token',
        security: [{ apiKey: [], accessToken: [] }],
        // A client may sign out without a body.
        body: signOutBody.nullish(),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await signOut(ctx, currentUser(request).id, request.body?.refresh_token);
      return { ok: true as const };
    },
  );
}
