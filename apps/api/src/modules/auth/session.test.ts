import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { refreshTokens } from '../../db/schema.js';
import { useTestApp } from '../../test/suite.js';

const INVALID_REFRESH = { message: API_MESSAGES.invalidRefreshToken, code: 'INVALID_REFRESH_TOKEN' };

const t = useTestApp();

const refresh = (refreshToken: string) =>
  t.request({ method: 'POST', url: '/auth/api/v1/auth/refresh-token', payload: { refresh_token: refreshToken } });

const whoAmI = (accessToken: string) => t.request({ method: 'GET', url: '/user/api/v1/user', token: accessToken });

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

describe('refreshing the session', () => {
  it('trades a refresh token for a new pair; the old access token keeps working until it expires', async () => {
    const first = await t.signIn('rotate@lucky.test');
    const res = await refresh(first.refresh_token);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    expect((await whoAmI(second.access_token)).json().id).toBe(first.userId);
    expect((await whoAmI(first.access_token)).statusCode).toBe(200);
    // The new refresh token is itself good for the next rotation.
    expect((await refresh(second.refresh_token)).statusCode).toBe(200);
  });

  it('treats a spent refresh token presented again as theft: refuses it and ends the whole sign-in', async () => {
    const first = await t.signIn('reuse@lucky.test');
    const second = (await refresh(first.refresh_token)).json();

    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(INVALID_REFRESH);
    // The newer token of the same sign-in, held by whoever refreshed first, is now refused too.
    const next = await refresh(second.refresh_token);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual(INVALID_REFRESH);
  });

  it('leaves the user’s other sign-ins alone when one is revoked', async () => {
    const phone = await t.signIn('two-devices@lucky.test');
    const laptop = await t.signIn('two-devices@lucky.test');
    await refresh(phone.refresh_token);
    await refresh(phone.refresh_token);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token through', async () => {
    const { refresh_token } = await t.signIn('race@lucky.test');
    const results = await Promise.all([refresh(refresh_token), refresh(refresh_token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    // The loser looked like a replay, so the winner's new token is revoked as well.
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await refresh(winner.refresh_token)).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const { refresh_token } = await t.signIn('expired@lucky.test');
    await t.app.ctx.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(refresh_token)));
    const res = await refresh(refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_REFRESH);
  });

  it('refuses a refresh token it never issued', async () => {
    const res = await refresh(crypto.randomBytes(32).toString('base64url'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_REFRESH);
  });

  it('expires refresh tokens after the configured number of days and stores only their hash', async () => {
    const before = Date.now();
    const { refresh_token } = await t.signIn('stored@lucky.test');
    const rows = await t.app.ctx.db.select().from(refreshTokens);
    expect(JSON.stringify(rows)).not.toContain(refresh_token);
    const row = rows.find((r) => r.tokenHash === sha256(refresh_token))!;
    const ttlMs = t.config.auth.refreshTokenTtlDays * 24 * 60 * 60 * 1000;
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + ttlMs - 1000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ttlMs + 1000);
  });
});

describe('signing out', () => {
  const signOut = (accessToken: string | null, payload?: object) =>
    t.request({
      method: 'POST',
      url: '/auth/api/v1/auth/sign-out',
      token: accessToken,
      ...(payload ? { payload } : {}),
    });

  it('ends the sign-in: its refresh token, and any rotated from it, no longer work', async () => {
    const first = await t.signIn('bye@lucky.test');
    const second = (await refresh(first.refresh_token)).json();
    const res = await signOut(second.access_token, { refresh_token: second.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await refresh(second.refresh_token)).json()).toEqual(INVALID_REFRESH);
  });

  it('cannot end another user’s sign-in', async () => {
    const mine = await t.signIn('me@lucky.test');
    const theirs = await t.signIn('them@lucky.test');
    expect((await signOut(mine.access_token, { refresh_token: theirs.refresh_token })).statusCode).toBe(200);
    expect((await refresh(theirs.refresh_token)).statusCode).toBe(200);
  });

  it('answers ok without a refresh token or a body', async () => {
    const { access_token } = await t.signIn('nobody@lucky.test');
    expect((await signOut(access_token, {})).json()).toEqual({ ok: true });
    expect((await signOut(access_token)).json()).toEqual({ ok: true });
  });

  it('needs a signed-in user', async () => {
    const res = await signOut(null, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: API_MESSAGES.signInRequired, code: 'UNAUTHENTICATED' });
  });
});
