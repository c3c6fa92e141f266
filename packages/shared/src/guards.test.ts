import { describe, expect, it } from 'vitest';
import * as firstLoad from './guards.js';
import * as contract from './schemas.js';

const { platform, platformList, publicConfig, tokenPair } = firstLoad;

const config = {
  api_key: 'key',
  google_client_id: null,
  demo_sign_in: true,
  facebook_enabled: false,
  bank: { bin: '970436', name: 'Vietcombank', account_number: '0123', account_holder: 'LUCKY' },
  support: { social_url: 'https://f', chat_url: 'https://z', messenger_url: 'https://m' },
};
const game = { id: 7, name: 'Liên Quân', picture: null, is_active: true, shop_config: { need_login: true, sale_picture: 'p' } };

interface Schema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false };
}

/** Each accepted sample reads as its expected data (unknown keys dropped, as zod does); each rejected one fails. */
function reads(schema: Schema, accepted: [sample: unknown, data: unknown][], rejected: unknown[]) {
  for (const [sample, data] of accepted) {
    const result = schema.safeParse(sample);
    expect(result.success, JSON.stringify(sample)).toBe(true);
    if (result.success) expect(result.data).toEqual(data);
  }
  for (const sample of rejected) expect(schema.safeParse(sample).success, JSON.stringify(sample)).toBe(false);
}

describe('the first-load schemas (zod/mini)', () => {
  it('are the contract the API uses: schemas.ts exports these very schemas', () => {
    expect(contract.tokenPair).toBe(tokenPair);
    expect(contract.publicConfig).toBe(publicConfig);
    expect(contract.platform).toBe(platform);
    expect(contract.platformList).toBe(platformList);
    expect(contract.shopConfig).toBe(firstLoad.shopConfig);
  });

  it('read a token pair', () => {
    const pair = { access_token: 'a', refresh_token: 'r' };
    reads(
      tokenPair,
      [
        [pair, pair],
        [{ ...pair, extra: 1 }, pair],
      ],
      [{ access_token: 'a' }, { access_token: 1, refresh_token: 'r' }, null, 'a', []],
    );
  });

  it('read the public config', () => {
    reads(
      publicConfig,
      [
        [config, config],
        [{ ...config, google_client_id: 'g', extra: true }, { ...config, google_client_id: 'g' }],
        [{ ...config, bank: { ...config.bank, extra: 1 } }, config],
      ],
      [
        { ...config, google_client_id: undefined },
        { ...config, demo_sign_in: 'true' },
        { ...config, bank: { ...config.bank, bin: 970436 } },
        { ...config, support: { social_url: 'x', chat_url: 'y' } },
        { ...config, support: null },
        undefined,
      ],
    );
  });

  it('read platforms', () => {
    reads(
      platform,
      [
        [game, game],
        [{ ...game, picture: 'pic', extra: 1, shop_config: { ...game.shop_config, extra: 2 } }, { ...game, picture: 'pic' }],
      ],
      [
        { ...game, id: 1.5 },
        { ...game, id: '7' },
        { ...game, id: Number.MAX_SAFE_INTEGER + 2 },
        { ...game, is_active: undefined },
        { ...game, shop_config: { need_login: true } },
        { ...game, shop_config: [] },
      ],
    );
    reads(
      platformList,
      [
        [[], []],
        [
          [game, { ...game, id: 8 }],
          [game, { ...game, id: 8 }],
        ],
      ],
      [[game, { ...game, name: null }], {}, null],
    );
  });
});
