import { describe, expect, it } from 'vitest';
import { INLINE_SCRIPT_SOURCES } from '../app.js';
import { useTestApp } from '../test/suite.js';

const t = useTestApp();

describe('security headers', () => {
  it('come with every answer: a route, an unknown address, a refused call', async () => {
    const answers = await Promise.all([
      t.request({ method: 'GET', url: '/healthz' }),
      t.request({ method: 'GET', url: '/platform/api/v1/platform/list' }),
      t.request({ method: 'GET', url: '/order/api/v1/no-such-call' }),
      t.request({ method: 'GET', url: '/order/api/v1/order/list', headers: { 'x-api-key': 'wrong' } }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 404, 401]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      // Besides the shop's own files and Google's sign-in, only the page's two inline scripts, by their hashes.
      expect(csp).toContain(`script-src 'self' ${INLINE_SCRIPT_SOURCES.join(' ')} https://accounts.google.com/gsi/client;`);
      expect(INLINE_SCRIPT_SOURCES).toHaveLength(2);
      for (const source of INLINE_SCRIPT_SOURCES) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(csp).toContain("object-src 'none'");
    }
  });
});
