import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/suite.js';
import { seedDemo } from './demo-seed.js';

const t = useTestApp();
beforeAll(async () => {
  // buildApp never seeds (server.ts does at start-up): this suite seeds the empty database itself.
  expect(await seedDemo(t.app.ctx)).toBe(true);
});

interface ListedPlatform {
  id: number;
  name: string;
  picture: string | null;
  shop_config: { need_login: boolean; sale_picture: string | null };
}

describe('the demo catalogue', () => {
  it('has at least four games of both kinds, one with a sale banner, each with at least five priced items', async () => {
    const platforms: ListedPlatform[] = (await t.request({ method: 'GET', url: '/platform/api/v1/platform/list?keyword=&is_active=true' })).json();
    expect(platforms.length).toBeGreaterThanOrEqual(4);
    expect(platforms.some((p) => p.shop_config.need_login)).toBe(true);
    expect(platforms.some((p) => !p.shop_config.need_login)).toBe(true);
    expect(platforms.some((p) => p.shop_config.sale_picture)).toBe(true);

    for (const platform of platforms) {
      expect(platform.picture).toMatch(/^[a-f0-9]{64}$/);
      const items = (await t.request({ method: 'GET', url: `/store/api/v1/store/list?keyword=&store_platform=${platform.id}` })).json();
      expect(items.length).toBeGreaterThanOrEqual(5);
      for (const item of items) {
        expect(item.price % 1000).toBe(0);
        expect(item.raw_price).toBeGreaterThanOrEqual(item.price);
        expect(item.coin).toBeGreaterThan(0);
        expect(item.gift_coin).toBeGreaterThan(0);
        expect(item.picture).toMatch(/^[a-f0-9]{64}$/);
      }
    }
  });

  it('serves its pictures as images', async () => {
    const [platform]: ListedPlatform[] = (await t.request({ method: 'GET', url: '/platform/api/v1/platform/list' })).json();
    const res = await t.app.inject({ method: 'GET', url: `/storage/api/v1/storage/file/${platform!.picture}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.byteLength).toBeGreaterThan(100);
  });

  it('is written once: seeding a filled catalogue again adds nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/platform/api/v1/platform/list' })).json().length;
    expect(await seedDemo(t.app.ctx)).toBe(false);
    const after = (await t.request({ method: 'GET', url: '/platform/api/v1/platform/list' })).json().length;
    expect(after).toBe(before);
  });
});
