import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { useTestApp } from '../../test/suite.js';
import { useProviderStandIns, type FacebookAccount } from '../../test/provider-stand-ins.js';

const signInUrl = (provider: string) => `/auth/api/v1/auth/${provider}-sign-in`;

const UNSUPPORTED = { message: API_MESSAGES.providerNotSupported, code: 'NOT_FOUND' };
const BAD_GOOGLE_TOKEN = { message: API_MESSAGES.invalidGoogleToken, code: 'UNAUTHENTICATED' };
const BAD_FACEBOOK_TOKEN = { message: API_MESSAGES.invalidFacebookToken, code: 'UNAUTHENTICATED' };

const providers = useProviderStandIns();
const t = useTestApp(() => providers.env);

async function signIn(provider: string, userAccessToken: string) {
  return t.request({ method: 'POST', url: signInUrl(provider), payload: { user_access_token: userAccessToken } });
}

/** Signs in with Facebook under `token`, which the Graph API stand-in vouches for as `account`. */
function signInWithFacebook(token: string, account: FacebookAccount) {
  providers.graph.addToken(token, account);
  return signIn('facebook', token);
}

async function me(accessToken: string) {
  const res = await t.request({ method: 'GET', url: '/user/api/v1/user', token: accessToken });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('Google sign-in', () => {
  it('exchanges a valid ID token for our token pair and creates the account from the Google profile', async () => {
    const res = await signIn('google', await providers.google.idToken({ email: 'Lan.Nguyen@Gmail.com' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token']);
    expect(await me(body.access_token)).toMatchObject({
      name: 'Nguyễn Thị Lan',
      picture: 'https://lh3.googleusercontent.com/a/lan-nguyen',
      email: 'lan.nguyen@gmail.com',
      is_admin: false,
    });
  });

  it('signs the same person into the same account again, with the profile Google now reports', async () => {
    const first = await me(
      (await signIn('google', await providers.google.idToken({ email: 'minh@gmail.com', name: 'Minh' }))).json()
        .access_token,
    );
    const again = await signIn(
      'google',
      await providers.google.idToken({ email: 'minh@gmail.com', name: 'Trần Minh', picture: undefined }),
    );
    expect(again.statusCode).toBe(200);
    const second = await me(again.json().access_token);
    expect(second).toMatchObject({ id: first.id, name: 'Trần Minh', picture: null });
  });

  it('uses the email as the name when Google gives none', async () => {
    const res = await signIn(
      'google',
      await providers.google.idToken({ email: 'khach.hang@gmail.com', name: undefined }),
    );
    expect((await me(res.json().access_token)).name).toBe('khach.hang');
  });

  it.each([
    ['an expired token', () => providers.google.idToken({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 })],
    [
      'a token for another app (audience)',
      () => providers.google.idToken({ aud: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['a token from another issuer', () => providers.google.idToken({ iss: 'https://evil.example' })],
    ['a token signed by a key Google does not hold', () => providers.google.idToken({}, { signWith: 'stranger' })],
    ['a token without an email', () => providers.google.idToken({ email: undefined })],
    ['a garbage string', async () => 'this-is-not-a-jwt'],
  ])('refuses %s with 401 and a Vietnamese message', async (_label, makeToken) => {
    const res = await signIn('google', await makeToken());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_GOOGLE_TOKEN);
  });

  it('refuses an account whose email Google has not verified', async () => {
    const res = await signIn(
      'google',
      await providers.google.idToken({ email: 'unverified@gmail.com', email_verified: false }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_MESSAGES.emailNotVerified, code: 'UNAUTHENTICATED' });
  });

  it('asks for the token when the body lacks it', async () => {
    const res = await t.request({ method: 'POST', url: signInUrl('google'), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
  });
});

describe('demo sign-in', () => {
  it('signs in an email, creating the account named after its local part, without a picture', async () => {
    const res = await signIn('demo', '  Demo.User@Lucky.test ');
    expect(res.statusCode).toBe(200);
    expect(await me(res.json().access_token)).toMatchObject({
      name: 'demo.user',
      picture: null,
      email: 'demo.user@lucky.test',
    });
  });

  it('keeps a real profile when the same email signs in through the demo provider', async () => {
    await signIn('google', await providers.google.idToken({ email: 'thu@gmail.com', name: 'Thu Hà' }));
    const res = await signIn('demo', 'thu@gmail.com');
    expect(await me(res.json().access_token)).toMatchObject({
      name: 'Thu Hà',
      picture: 'https://lh3.googleusercontent.com/a/lan-nguyen',
    });
  });

  it('signs a new email in eight times at once into one account, each sign-in with a refresh token that works', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => signIn('demo', 'cung.luc@lucky.test')));
    const ids = new Set<string>();
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(200);
      ids.add((await me(res.json().access_token)).id);
      const refreshed = await t.request({
        method: 'POST',
        url: '/auth/api/v1/auth/refresh-token',
        payload: { refresh_token: res.json().refresh_token },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    }
    expect(ids.size).toBe(1);
  });

  it.each([
    ['not-an-email'],
    ['a@b'],
    ['two@at@lucky.test'],
    ['with space@lucky.test'],
    [`${'a'.repeat(250)}@lucky.test`],
  ])('refuses %s as an email', async (value) => {
    const res = await signIn('demo', value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: API_MESSAGES.invalidEmail, code: 'VALIDATION' });
  });
});

describe('Facebook sign-in', () => {
  it('exchanges a user access token the Graph API vouches for', async () => {
    const res = await signInWithFacebook('fb-token-valid', {
      id: '555001',
      name: 'Phạm Hùng',
      email: 'hung@fb.test',
      pictureUrl: 'https://graph.test/hung.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(await me(res.json().access_token)).toMatchObject({
      name: 'Phạm Hùng',
      email: 'hung@fb.test',
      picture: 'https://graph.test/hung.jpg',
    });
  });

  it('refuses a token the Graph API does not know', async () => {
    const res = await signIn('facebook', 'fb-token-unknown');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_FACEBOOK_TOKEN);
  });

  it('refuses a valid token issued to another app', async () => {
    const res = await signInWithFacebook('fb-token-other-app', {
      id: '555002',
      name: 'Khách',
      email: 'khach@fb.test',
      appId: '999999',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_FACEBOOK_TOKEN);
  });

  it('refuses an account without an email', async () => {
    const res = await signInWithFacebook('fb-token-no-email', { id: '555003', name: 'Không Email' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_FACEBOOK_TOKEN);
  });
});

describe('providers', () => {
  it.each([['twitter'], ['constructor'], ['Google']])('answers an unknown provider (%s) with 404', async (provider) => {
    const res = await signIn(provider, 'whatever');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(UNSUPPORTED);
  });

  it('lists the sign-in path as the spec writes it in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(Object.keys(res.json().paths)).toContain('/auth/api/v1/auth/{provider}-sign-in');
  });
});

describe('providers that are off', () => {
  const off = useTestApp({ AUTH_DEMO: 'false' });

  it.each([['demo'], ['google'], ['facebook']])(
    'answers %s sign-in with 404 when it is not enabled',
    async (provider) => {
      const res = await off.request({
        method: 'POST',
        url: signInUrl(provider),
        payload: { user_access_token: 'someone@lucky.test' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(UNSUPPORTED);
    },
  );
});

describe('providers that cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: connections to it are refused.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    down = await createTestApp({
      ...providers.env,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
      FACEBOOK_GRAPH_URL: `http://127.0.0.1:${port}/v19.0`,
    });
  });
  afterAll(async () => {
    await down?.close();
  });

  it('refuses Google sign-in with 401, not a server error, while the key set is unreachable', async () => {
    const res = await down.request({
      method: 'POST',
      url: signInUrl('google'),
      payload: { user_access_token: await providers.google.idToken() },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_GOOGLE_TOKEN);
  });

  it('refuses Facebook sign-in with 401 while the Graph API is unreachable', async () => {
    providers.graph.addToken('fb-token-down', { id: '555004', name: 'Ai Đó', email: 'ai@fb.test' });
    const res = await down.request({
      method: 'POST',
      url: signInUrl('facebook'),
      payload: { user_access_token: 'fb-token-down' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(BAD_FACEBOOK_TOKEN);
  });
});
