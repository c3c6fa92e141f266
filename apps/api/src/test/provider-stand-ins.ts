/**
 * Local stand-ins for the sign-in providers, on 127.0.0.1 with a free port: a Google key set (JWKS) that
 * signs ID tokens, and a Facebook Graph API answering debug_token and me. Tests point the app's config at them.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import type { Env } from '../config.js';
import { listenLocally, type LocalServer } from './local-server.js';

function listen(handler: (url: URL) => { status: number; body: unknown }): Promise<LocalServer> {
  const server = http.createServer((req, res) => {
    const { status, body } = handler(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return listenLocally(server);
}

export interface GoogleStandIn {
  clientId: string;
  issuer: string;
  /** Config overrides that make the app trust this key set. */
  env: Env;
  /**
   * A signed ID token for a verified Google account; `claims` override or add claims (undefined removes one).
   * Without a `sub`, the subject follows the email: one Google account per address, as in real life.
   * `signWith: 'stranger'` signs with a key the key set does not hold, under the same key id.
   */
  idToken(
    claims?: Record<string, unknown>,
    options?: { expiresIn?: string | number; signWith?: 'google' | 'stranger' },
  ): Promise<string>;
  close(): Promise<void>;
}

const KEY_ID = 'stand-in-key-1';

export async function startGoogleStandIn(): Promise<GoogleStandIn> {
  const google = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(google.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  const server = await listen((url) =>
    url.pathname === '/oauth2/v3/certs' ? { status: 200, body: { keys: [publicJwk] } } : { status: 404, body: {} },
  );
  const clientId = 'lucky-test.apps.googleusercontent.com';
  const issuer = 'https://accounts.google.test';

  return {
    clientId,
    issuer,
    // Google sign-in belongs to a public shop: tried here on one machine beside the local defaults.
    env: { ALLOW_LOCAL_DEFAULTS: 'true', GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `${server.base}/oauth2/v3/certs`, GOOGLE_ISSUER: issuer },
    async idToken(claims = {}, { expiresIn = '1h', signWith = 'google' } = {}) {
      const email = 'email' in claims ? claims.email : 'lan.nguyen@gmail.com';
      const payload: JWTPayload = {
        iss: issuer,
        aud: clientId,
        sub: `10${BigInt(`0x${crypto.createHash('sha256').update(String(email).toLowerCase()).digest('hex').slice(0, 15)}`)}`,
        email: 'lan.nguyen@gmail.com',
        email_verified: true,
        name: 'Nguyễn Thị Lan',
        picture: 'https://lh3.googleusercontent.com/a/lan-nguyen',
        ...claims,
      };
      const key: CryptoKey = signWith === 'google' ? google.privateKey : stranger.privateKey;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key);
    },
    close: server.close,
  };
}

export interface FacebookAccount {
  id: string;
  name: string;
  email?: string;
  pictureUrl?: string;
  /** The app the token was issued to; defaults to ours. */
  appId?: string;
}

export interface GraphStandIn {
  appId: string;
  env: Env;
  /** Registers a valid user access token for the account. */
  addToken(token: string, account: FacebookAccount): void;
  close(): Promise<void>;
}

const graphError = (message: string) => ({
  status: 400,
  body: { error: { message, type: 'OAuthException', code: 190 } },
});

export async function startGraphStandIn(): Promise<GraphStandIn> {
  const appId = '100200300400500';
  const appSecret = 'stand-in-app-secret';
  const tokens = new Map<string, FacebookAccount>();

  const server = await listen((url) => {
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (url.pathname === '/v19.0/debug_token') {
      if (param('access_token') !== `${appId}|${appSecret}`) return graphError('Invalid OAuth access token (app)');
      const account = tokens.get(param('input_token'));
      if (!account)
        return {
          status: 200,
          body: { data: { is_valid: false, error: { code: 190, message: 'Malformed access token' } } },
        };
      return {
        status: 200,
        body: { data: { app_id: account.appId ?? appId, type: 'USER', is_valid: true, user_id: account.id } },
      };
    }
    if (url.pathname === '/v19.0/me') {
      const token = param('access_token');
      const account = tokens.get(token);
      if (!account) return graphError('Invalid OAuth access token');
      const proof = crypto.createHmac('sha256', appSecret).update(token).digest('hex');
      if (param('appsecret_proof') !== proof) return graphError('Invalid appsecret_proof provided in the API argument');
      return {
        status: 200,
        body: {
          id: account.id,
          name: account.name,
          ...(account.email ? { email: account.email } : {}),
          ...(account.pictureUrl ? { picture: { data: { url: account.pictureUrl, height: 50, width: 50 } } } : {}),
        },
      };
    }
    return { status: 404, body: {} };
  });

  return {
    appId,
    env: { FACEBOOK_GRAPH_URL: `${server.base}/v19.0`, FACEBOOK_APP_ID: appId, FACEBOOK_APP_SECRET: appSecret },
    addToken: (token, account) => tokens.set(token, account),
    close: server.close,
  };
}

export interface TelegramMessage {
  message_id: number;
  chat_id: string;
  text: string;
  /** Every field the request carried (disable_web_page_preview, parse_mode…). */
  body: Record<string, unknown>;
}

export type TelegramFailure = { status: 500 } | { status: 429; retryAfter: number } | { status: 400; description?: string };

export interface TelegramStandIn {
  botToken: string;
  chatId: string;
  /** Config overrides that make the app send its alerts here. */
  env: Env;
  /** Messages accepted, oldest first. */
  messages: TelegramMessage[];
  /** Every sendMessage call, the failed ones included. */
  readonly calls: number;
  /** The next `count` calls fail this way (Infinity: Telegram is down for good); counted in `calls`. */
  failNext(count: number, failure?: TelegramFailure): void;
  close(): Promise<void>;
}

/**
 * Telegram's Bot API as far as alerts use it: POST /bot{token}/sendMessage with a JSON body. A wrong
 * token answers 401 and an unknown chat 400, like Telegram; answers are `{ ok, result }` or
 * `{ ok: false, error_code, description, parameters? }`.
 */
export async function startTelegramStandIn(): Promise<TelegramStandIn> {
  const botToken = '7000000001:AAStandInSecretToken_0123456789abcdef';
  const chatId = '-1001234567890';
  const messages: TelegramMessage[] = [];
  let failures: { left: number; failure: TelegramFailure } = { left: 0, failure: { status: 500 } };
  let calls = 0;

  const answer = (status: number, body: unknown) => ({ status, body });
  const refuse = (status: number, description: string, parameters?: Record<string, unknown>) =>
    answer(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });

  const handle = (method: string, pathname: string, raw: string) => {
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(pathname);
    if (!match || match[1] !== botToken) return refuse(401, 'Unauthorized');
    if (match[2] !== 'sendMessage') return refuse(404, 'Not Found');
    if (method !== 'POST') return refuse(400, 'Bad Request: this stand-in takes POST with a JSON body');
    calls += 1;
    if (failures.left > 0) {
      failures.left -= 1;
      const { failure } = failures;
      if (failure.status === 429) {
        return refuse(429, `Too Many Requests: retry after ${failure.retryAfter}`, { retry_after: failure.retryAfter });
      }
      return failure.status === 500 ? refuse(500, 'Internal Server Error') : refuse(400, failure.description ?? 'Bad Request');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(400, 'Bad Request: invalid JSON');
    }
    if (body.chat_id === undefined || body.chat_id === '') return refuse(400, 'Bad Request: chat_id is empty');
    if (String(body.chat_id) !== chatId) return refuse(400, 'Bad Request: chat not found');
    if (typeof body.text !== 'string' || body.text.trim() === '') return refuse(400, 'Bad Request: message text is empty');
    if (body.text.length > 4096) return refuse(400, 'Bad Request: message is too long');
    const message: TelegramMessage = { message_id: messages.length + 1, chat_id: chatId, text: body.text, body };
    messages.push(message);
    return answer(200, {
      ok: true,
      result: {
        message_id: message.message_id,
        from: { id: 7000000001, is_bot: true, first_name: 'Lucky Shop Alerts', username: 'lucky_alerts_bot' },
        chat: { id: Number(chatId), title: 'Lucky Shop — nhân viên', type: 'supergroup' },
        date: Math.floor(Date.now() / 1000),
        text: body.text,
      },
    });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const { status, body } = handle(req.method ?? 'GET', url.pathname, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  const local = await listenLocally(server);

  return {
    botToken,
    chatId,
    // Telegram alerts belong to a public shop: tried here on one machine beside the local defaults.
    env: { ALLOW_LOCAL_DEFAULTS: 'true', TELEGRAM_API_URL: local.base, TELEGRAM_BOT_TOKEN: botToken, TELEGRAM_CHAT_ID: chatId },
    messages,
    get calls() {
      return calls;
    },
    failNext(count, failure = { status: 500 }) {
      failures = { left: count, failure };
    },
    close: local.close,
  };
}

/**
 * Google's and Facebook's stand-ins for a whole test file: started in beforeAll, closed in afterAll. Call it
 * before `useTestApp(() => ({ ...providers.env }))` so the app starts pointed at them.
 */
export function useProviderStandIns() {
  let google: GoogleStandIn | undefined;
  let graph: GraphStandIn | undefined;
  beforeAll(async () => {
    google = await startGoogleStandIn();
    graph = await startGraphStandIn();
  });
  afterAll(async () => {
    await google?.close();
    await graph?.close();
  });
  const started = <T>(standIn: T | undefined): T => {
    if (!standIn) throw new Error('the provider stand-ins are used before beforeAll started them');
    return standIn;
  };
  return {
    get google() {
      return started(google);
    },
    get graph() {
      return started(graph);
    },
    get env(): Env {
      return { ...started(google).env, ...started(graph).env };
    },
  };
}
