import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { users } from '../../db/schema.js';
import { createAccessTokens } from '../../lib/access-token.js';
import { useTestApp } from '../../test/suite.js';

const JWT_SECRET = 'users-test-jwt-secret-0123456789abcdef';
const URL = '/user/api/v1/user';

const t = useTestApp({ JWT_SECRET });

describe('GET /user/api/v1/user', () => {
  it('shows the signed-in user, with the raw access token in authorization as the spec sends it', async () => {
    const { access_token, userId } = await t.signIn('hoa@lucky.test');
    const res = await t.request({ method: 'GET', url: URL, token: access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: userId, name: 'hoa', picture: null, email: 'hoa@lucky.test', is_admin: false, role: null });
  });

  it('also accepts a "Bearer " prefix from other tools', async () => {
    const { access_token } = await t.signIn('bearer@lucky.test');
    expect((await t.request({ method: 'GET', url: URL, token: `Bearer ${access_token}` })).statusCode).toBe(200);
  });

  it('marks users on the configured admin list as admins, whatever the case of their email', async () => {
    const { access_token } = await t.signIn('Admin@Lucky.test');
    expect((await t.request({ method: 'GET', url: URL, token: access_token })).json().is_admin).toBe(true);
  });

  it('asks an anonymous visitor to sign in', async () => {
    const res = await t.request({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_MESSAGES.signInRequired, code: 'UNAUTHENTICATED' });
  });

  it('tells the client an expired access token has expired, so it refreshes', async () => {
    const { userId } = await t.signIn('late@lucky.test');
    const expired = await createAccessTokens(JWT_SECRET, -60).sign({ userId, email: 'late@lucky.test' });
    const res = await t.request({ method: 'GET', url: URL, token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_MESSAGES.sessionExpired, code: 'TOKEN_EXPIRED' });
  });

  it('refuses a token signed with another secret', async () => {
    const { userId } = await t.signIn('forged@lucky.test');
    const forged = await createAccessTokens('another-secret-entirely-0123456789abcdef', 900).sign({
      userId,
      email: 'forged@lucky.test',
    });
    const res = await t.request({ method: 'GET', url: URL, token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('refuses a still-valid token of an account that no longer exists', async () => {
    const { access_token, userId } = await t.signIn('gone@lucky.test');
    await t.app.ctx.db.delete(users).where(eq(users.id, userId));
    const res = await t.request({ method: 'GET', url: URL, token: access_token });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});
