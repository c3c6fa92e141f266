import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { platform, platformList, publicConfig, tokenPair } from './guards.js';

const config = {
  api_key: 'key',
  google_client_id: null,
  demo_sign_in: true,
  facebook_enabled: false,
  bank: { bin: '970436', name: 'Vietcombank', account_number: '0123', account_holder: 'LUCKY' },
  support: { social_url: 'https://f', chat_url: 'https://z', messenger_url: 'https://m' },
  promise: { deadline_hour: 16, lead_minutes: 60 },
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
  it('bring nothing but zod/mini into the first load: no classic zod, no other module', async () => {
    // The storefront's first load carries this module (docs/decisions/0007-first-load-weight.md): bundled
    // as the web build bundles it, it must pull in zod/mini's code alone.
    const here = path.dirname(fileURLToPath(import.meta.url));
    const { metafile } = await build({
      entryPoints: [path.join(here, 'guards.ts')],
      absWorkingDir: here,
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    const zodFiles = inputs.filter((file) => file.includes('node_modules/zod/'));
    expect(inputs.filter((file) => !zodFiles.includes(file))).toEqual(['guards.ts']);
    expect(zodFiles.some((file) => file.includes('/v4/mini/'))).toBe(true);
    expect(zodFiles.filter((file) => file.includes('/v4/classic/'))).toEqual([]);
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
