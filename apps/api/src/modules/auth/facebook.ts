/**
 * Facebook sign-in (present in the API, hidden in the UI): the client sends a user access token; the
 * Graph API tells us whether it was issued to our app and whose it is. The Graph address is config so
 * tests run a local stand-in.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { API_MESSAGES, ERROR_CODES, TEXT_LIMITS } from '@lucky/shared';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import type { ProviderProfile } from '../users/service.js';
import { nameFromEmail, type VerifyProviderToken } from './provider.js';

/** A slow Graph API must not hold a sign-in request (and a connection) for long. */
const GRAPH_TIMEOUT_MS = 5000;

const debugTokenAnswer = z.object({
  data: z.object({ is_valid: z.boolean(), app_id: z.string().optional(), user_id: z.string().optional() }),
});
const meAnswer = z.object({
  id: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  picture: z
    .object({ data: z.object({ url: z.string() }).partial() })
    .partial()
    .optional(),
});

/** A refusal we decided on, as opposed to the Graph API being unreachable. */
class Refused extends Error {}

const invalidToken = () => new AppError(ERROR_CODES.UNAUTHENTICATED, API_MESSAGES.invalidFacebookToken, 401);

/** Null when the app id, secret and Graph address are not all configured: Facebook sign-in is then off. */
export function createFacebookVerifier(
  facebook: Config['auth']['facebook'],
  log: FastifyBaseLogger,
): VerifyProviderToken | null {
  if (!facebook) return null;
  const { appId, appSecret } = facebook;
  const base = facebook.graphUrl.replace(/\/+$/, '');

  async function graph(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${base}/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const response = await fetch(url, {
      signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    // The Graph API answers a bad user token with a 4xx and an error body.
    if (response.status >= 400 && response.status < 500) throw new Refused(`graph ${path} answered ${response.status}`);
    if (!response.ok) throw new Error(`graph ${path} answered ${response.status}`);
    return response.json();
  }

  return async (userToken): Promise<ProviderProfile> => {
    try {
      // 1. Was this token issued to our app, and is it still valid?
      const debug = debugTokenAnswer.safeParse(
        await graph('debug_token', { input_token: userToken, access_token: `${appId}|${appSecret}` }),
      );
      if (!debug.success) throw new Refused('unexpected debug_token answer');
      const { is_valid, app_id, user_id } = debug.data.data;
      if (!is_valid || app_id !== appId || !user_id) throw new Refused('token not valid for this app');

      // 2. Whose is it? appsecret_proof proves the call comes from our server, not a token thief.
      const proof = crypto.createHmac('sha256', appSecret).update(userToken).digest('hex');
      const me = meAnswer.safeParse(
        await graph('me', { fields: 'id,name,email,picture', access_token: userToken, appsecret_proof: proof }),
      );
      if (!me.success || me.data.id !== user_id) throw new Refused('unexpected me answer');
      const { email, name, picture } = me.data;
      if (!email || !email.includes('@')) throw new Refused('no email on the account');

      return {
        provider: 'facebook',
        subject: user_id,
        email,
        // The Graph API says nothing of whether the address was confirmed: it is never trusted to link
        // or to grant anything (docs/decisions/0011). The account is found by its Facebook id.
        emailVerified: false,
        name: (name?.trim() || nameFromEmail(email)).slice(0, TEXT_LIMITS.name),
        picture: picture?.data?.url ?? null,
      };
    } catch (error) {
      // Only the reason is logged: the URLs carry the user token and our app secret.
      if (error instanceof Refused) log.info({ reason: error.message }, 'facebook token refused');
      else
        log.warn(
          { reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
          'facebook graph api unavailable',
        );
      throw invalidToken();
    }
  };
}
