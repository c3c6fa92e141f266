import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp({ RATE_LIMIT: 'true' });

describe('rate limits on sign-in and refresh', () => {
  // Cheap attempts (refused input) count as much as real ones. The client's own address: X-Forwarded-For
  // is believed only behind TRUST_PROXY.
  const attempt = (url: string, payload: object, ip: string) => t.request({ method: 'POST', url, payload, remoteAddress: ip });
  /** Attempts again until refused with 429, at most `tries` more times: the last answer. */
  async function attemptUntilLimited(url: string, payload: object, ip: string, tries: number) {
    let last = await attempt(url, payload, ip);
    for (let i = 0; i < tries && last.statusCode !== 429; i++) last = await attempt(url, payload, ip);
    return last;
  }

  it('slows down a client that keeps trying to sign in, in Vietnamese, per address', async () => {
    const url = '/auth/api/v1/auth/demo-sign-in';
    const last = await attemptUntilLimited(url, { user_access_token: 'not-an-email' }, '203.0.113.7', 30);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: API_MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    // Another customer, on another address, is not affected by that limit (demo sign-in itself serves only
    // this machine's own address, so it is refused for that reason instead).
    const other = await attempt(url, { user_access_token: 'someone@lucky.test' }, '203.0.113.8');
    expect(other.json()).toEqual({ message: API_MESSAGES.demoSignInLocalOnly, code: 'FORBIDDEN' });
  });

  it('limits refresh attempts too', async () => {
    const url = '/auth/api/v1/auth/refresh-token';
    const last = await attemptUntilLimited(url, { refresh_token: 'guess' }, '198.51.100.9', 100);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: API_MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
  });
});
