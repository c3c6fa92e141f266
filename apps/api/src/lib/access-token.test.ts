import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-token.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const claims = { userId: '7d1f2a4e-1111-4222-8333-944455556666', email: 'khach@example.vn', sessionId: 'sid-1' };

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('accepts a token as often as it is sent, with the same claims each time', async () => {
    const tokens = createAccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(first).toEqual({ ok: true, claims: expect.objectContaining(claims) });
    expect(again).toEqual(first);
  });

  it('refuses a token once it has expired, even one it accepted before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    const tokens = createAccessTokens(SECRET, 60);
    const token = await tokens.sign(claims);
    expect((await tokens.verify(token)).ok).toBe(true);
    vi.setSystemTime(new Date('2026-11-25T08:01:01Z'));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token changed in any part, or signed with another secret, after the real one was accepted', async () => {
    const tokens = createAccessTokens(SECRET, 900);
    const token = await tokens.sign(claims);
    expect((await tokens.verify(token)).ok).toBe(true);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), email: 'admin@lucky.local' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedPayload}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(`${token}x`)).toEqual({ ok: false, reason: 'invalid' });
    const other = await createAccessTokens('another-secret-of-at-least-32-characters', 900).sign(claims);
    expect(await tokens.verify(other)).toEqual({ ok: false, reason: 'invalid' });
  });
});
