import { describe, expect, it } from 'vitest';
import { platformGuard, platformListGuard, publicConfigGuard, tokenPairGuard, type Parser } from './guards.js';
import { platform, platformList, publicConfig, tokenPair } from './schemas.js';

const config = {
  api_key: 'key',
  google_client_id: null,
  demo_sign_in: true,
  facebook_enabled: false,
  bank: { bin: '970436', name: 'Vietcombank', account_number: '0123', account_holder: 'LUCKY' },
  support: { social_url: 'https://f', chat_url: 'https://z', messenger_url: 'https://m' },
};
const game = { id: 7, name: 'Liên Quân', picture: null, is_active: true, shop_config: { need_login: true, sale_picture: 'p' } };

/** Each guard must agree with its schema: same verdict and, when accepted, the same data. */
function agree<T>(guard: Parser<T>, schema: Parser<T>, samples: unknown[]) {
  for (const sample of samples) {
    const fromSchema = schema.safeParse(sample);
    const fromGuard = guard.safeParse(sample);
    expect(fromGuard.success, JSON.stringify(sample)).toBe(fromSchema.success);
    if (fromGuard.success && fromSchema.success) expect(fromGuard.data).toEqual(fromSchema.data);
  }
}

describe('zod-free guards', () => {
  it('read a token pair as the schema does', () => {
    agree(tokenPairGuard, tokenPair, [
      { access_token: 'a', refresh_token: 'r' },
      { access_token: 'a', refresh_token: 'r', extra: 1 },
      { access_token: 'a' },
      { access_token: 1, refresh_token: 'r' },
      null,
      'a',
      [],
    ]);
  });

  it('read the public config as the schema does', () => {
    agree(publicConfigGuard, publicConfig, [
      config,
      { ...config, google_client_id: 'g', extra: true },
      { ...config, bank: { ...config.bank, extra: 1 } },
      { ...config, google_client_id: undefined },
      { ...config, demo_sign_in: 'true' },
      { ...config, bank: { ...config.bank, bin: 970436 } },
      { ...config, support: { social_url: 'x', chat_url: 'y' } },
      { ...config, support: null },
      undefined,
    ]);
  });

  it('read platforms as the schemas do', () => {
    agree(platformGuard, platform, [
      game,
      { ...game, picture: 'pic', extra: 1, shop_config: { ...game.shop_config, extra: 2 } },
      { ...game, id: 1.5 },
      { ...game, id: '7' },
      { ...game, id: Number.MAX_SAFE_INTEGER + 2 },
      { ...game, is_active: undefined },
      { ...game, shop_config: { need_login: true } },
      { ...game, shop_config: [] },
    ]);
    agree(platformListGuard, platformList, [[], [game, { ...game, id: 8 }], [game, { ...game, name: null }], {}, null]);
  });
});
