import { describe, expect, it } from 'vitest';
import { sortKeysDeep, verifyCasso, verifySepay, WEBHOOK_MAX_SKEW_MS } from './signatures.js';
import { cassoSignature, sepaySignature } from './webhook-fixtures.js';

/** Casso's published example (docs: "Xác thực webhook v2"), verified at its own time. */
const CASSO_EXAMPLE = {
  secret: 'mgExMrjj4i7a1p8Cs6LmFbpCd8lbw4sSX4LZXPag7TKazeIogtR90tvWYTkwQbvs',
  body: {
    error: 0,
    data: {
      id: 0,
      reference: 'MA_GIAO_DICH_THU_NGHIEM',
      description: 'giao dich thu nghiem',
      amount: 599000,
      runningBalance: 25000000,
      transactionDateTime: '2024-10-03 15:06:37',
      accountNumber: '88888888',
      bankName: 'VPBank',
      bankAbbreviation: 'VPB',
      virtualAccountNumber: '',
      virtualAccountName: '',
      counterAccountName: 'NGUYEN VAN A',
      counterAccountNumber: '8888888888',
      counterAccountBankId: '970415',
      counterAccountBankName: 'VietinBank',
    },
  },
  header:
    't=1727948258788,v1=ed0a4bd2e826d5cb69988cdb141e6c1a080e21f3b57eb72cd78192220042b9e7dde0868fc667faea8e224900fa7904e7c88dfa098032fb2d6b6996856e8b7ff3',
  at: new Date(1727948258788),
};

describe('Casso (HMAC-SHA512 of the body with sorted keys)', () => {
  const raw = JSON.stringify(CASSO_EXAMPLE.body);
  const headers = { 'x-casso-signature': CASSO_EXAMPLE.header };

  it("verifies Casso's published example", () => {
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, raw, CASSO_EXAMPLE.at)).toBe('ok');
  });

  it('does not depend on the order or spacing of the keys as sent', () => {
    const { data, error } = CASSO_EXAMPLE.body;
    const reordered = JSON.stringify({ data: Object.fromEntries(Object.entries(data).reverse()), error }, null, 2);
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, reordered, CASSO_EXAMPLE.at)).toBe('ok');
  });

  it('refuses the example with a changed amount, another key, or no header', () => {
    const changed = JSON.stringify({ ...CASSO_EXAMPLE.body, data: { ...CASSO_EXAMPLE.body.data, amount: 5_990_000 } });
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, changed, CASSO_EXAMPLE.at)).toBe('unauthorized');
    expect(verifyCasso(`${CASSO_EXAMPLE.secret}x`, headers, raw, CASSO_EXAMPLE.at)).toBe('unauthorized');
    expect(verifyCasso(CASSO_EXAMPLE.secret, {}, raw, CASSO_EXAMPLE.at)).toBe('unauthorized');
    expect(verifyCasso(CASSO_EXAMPLE.secret, { 'x-casso-signature': 't=1727948258788' }, raw, CASSO_EXAMPLE.at)).toBe(
      'unauthorized',
    );
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, 'not json', CASSO_EXAMPLE.at)).toBe('unauthorized');
  });

  it('refuses the example once its timestamp is more than 5 minutes old', () => {
    const later = (ms: number) => new Date(CASSO_EXAMPLE.at.getTime() + ms);
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, raw, later(WEBHOOK_MAX_SKEW_MS))).toBe('ok');
    expect(verifyCasso(CASSO_EXAMPLE.secret, headers, raw, later(WEBHOOK_MAX_SKEW_MS + 1))).toBe('stale');
  });

  it('sorts keys at every level and keeps arrays in order', () => {
    expect(JSON.stringify(sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } }))).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('accepts what the test deliveries sign', () => {
    const body = { error: 0, data: { id: 7, amount: 10 } };
    expect(
      verifyCasso(
        'secret-of-sixteen!',
        cassoSignature(body, { secret: 'secret-of-sixteen!' }),
        JSON.stringify(body),
        new Date(),
      ),
    ).toBe('ok');
  });
});

describe('SePay (HMAC-SHA256 or API key, whichever is configured)', () => {
  const secret = 'sepay-secret-0123456789';
  const apiKey = 'sepay-key-0123456789';
  const raw = '{"id":92704,"transferAmount":50000}';
  const now = new Date('2026-03-15T03:00:00Z');

  it('accepts sha256=<hex HMAC of "timestamp.raw body"> and refuses any change', () => {
    const signed = sepaySignature(raw, { secret, at: now });
    expect(verifySepay({ webhookSecret: secret, apiKey: null }, signed, raw, now)).toBe('ok');
    expect(verifySepay({ webhookSecret: secret, apiKey: null }, signed, raw.replace('50000', '500000'), now)).toBe(
      'unauthorized',
    );
    expect(verifySepay({ webhookSecret: 'another-secret-0123', apiKey: null }, signed, raw, now)).toBe('unauthorized');
    const otherTime = { ...signed, 'x-sepay-timestamp': String(Number(signed['x-sepay-timestamp']) + 1) };
    expect(verifySepay({ webhookSecret: secret, apiKey: null }, otherTime, raw, now)).toBe('unauthorized');
    expect(verifySepay({ webhookSecret: secret, apiKey: null }, {}, raw, now)).toBe('unauthorized');
  });

  it('refuses a signed timestamp more than 5 minutes off, either way', () => {
    const settings = { webhookSecret: secret, apiKey: null };
    expect(
      verifySepay(settings, sepaySignature(raw, { secret, at: new Date(now.getTime() - 4 * 60_000) }), raw, now),
    ).toBe('ok');
    expect(
      verifySepay(settings, sepaySignature(raw, { secret, at: new Date(now.getTime() - 6 * 60_000) }), raw, now),
    ).toBe('stale');
    expect(
      verifySepay(settings, sepaySignature(raw, { secret, at: new Date(now.getTime() + 6 * 60_000) }), raw, now),
    ).toBe('stale');
  });

  it('accepts "Authorization: Apikey <key>" only when an API key is configured', () => {
    const headers = { authorization: `Apikey ${apiKey}` };
    expect(verifySepay({ webhookSecret: null, apiKey }, headers, raw, now)).toBe('ok');
    expect(verifySepay({ webhookSecret: null, apiKey }, { authorization: `Apikey ${apiKey}x` }, raw, now)).toBe(
      'unauthorized',
    );
    expect(verifySepay({ webhookSecret: null, apiKey }, { authorization: apiKey }, raw, now)).toBe('unauthorized');
    expect(verifySepay({ webhookSecret: secret, apiKey: null }, headers, raw, now)).toBe('unauthorized');
  });

  it('refuses a signature when only the API key is configured', () => {
    expect(verifySepay({ webhookSecret: null, apiKey }, sepaySignature(raw, { secret, at: now }), raw, now)).toBe(
      'unauthorized',
    );
  });

  it('with both configured, accepts either', () => {
    const both = { webhookSecret: secret, apiKey };
    expect(verifySepay(both, sepaySignature(raw, { secret, at: now }), raw, now)).toBe('ok');
    expect(verifySepay(both, { authorization: `Apikey ${apiKey}` }, raw, now)).toBe('ok');
    expect(verifySepay(both, {}, raw, now)).toBe('unauthorized');
  });
});
