import { describe, expect, it } from 'vitest';
import type { AdminPlatform, AdminStoreItem, Platform, StoreItem } from '@lucky/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { useTestApp } from '../../test/suite.js';
import { createCatalogueCache } from './cache.js';
import type { Catalogue } from './service.js';

const PLATFORMS = '/platform/api/v1/platform/list?keyword=&is_active=true';
const items = (platformId: number, keyword = '') =>
  `/store/api/v1/store/list?keyword=${encodeURIComponent(keyword)}&store_platform=${platformId}`;

describe('the public catalogue after admin changes', () => {
  const t = useTestApp();
  let token: string;

  const admin = async <T>(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>): Promise<T> => {
    token ??= (await t.signIn('admin@lucky.test')).access_token;
    const res = await t.request({ method, url, token, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const platformNames = async () => (await get<Platform[]>(PLATFORMS)).map((p) => p.name);
  const itemNames = async (platformId: number, keyword = '') =>
    (await get<StoreItem[]>(items(platformId, keyword))).map((i) => i.name);

  it('shows each platform change on the very next read', async () => {
    // Read first, so that what follows has a cached catalogue to replace.
    expect(await platformNames()).toEqual([]);
    const game = await admin<AdminPlatform>('POST', '/platform/api/v1/admin/platform', { name: 'Tốc Chiến' });
    expect(await platformNames()).toEqual(['Tốc Chiến']);

    await admin('PATCH', `/platform/api/v1/admin/platform/${game.id}`, { name: 'Tốc Chiến Mới', need_login: true });
    const [listed] = await get<Platform[]>(PLATFORMS);
    expect(listed).toMatchObject({ name: 'Tốc Chiến Mới', shop_config: { need_login: true } });

    const other = await admin<AdminPlatform>('POST', '/platform/api/v1/admin/platform', { name: 'Liên Quân' });
    await admin('POST', '/platform/api/v1/admin/platform/reorder', { ids: [other.id, game.id] });
    expect(await platformNames()).toEqual(['Liên Quân', 'Tốc Chiến Mới']);

    await admin('PATCH', `/platform/api/v1/admin/platform/${other.id}`, { is_active: false });
    expect(await platformNames()).toEqual(['Tốc Chiến Mới']);
  });

  it('shows each item change on the very next read, and hides the items of a hidden platform', async () => {
    const game = await admin<AdminPlatform>('POST', '/platform/api/v1/admin/platform', { name: 'Game Thẻ' });
    expect(await itemNames(game.id)).toEqual([]);
    const item = await admin<AdminStoreItem>('POST', '/store/api/v1/admin/store', {
      platform_id: game.id,
      name: 'Gói Nhỏ',
      description: 'Gói nhỏ',
      price: 10_000,
      raw_price: 12_000,
      coin: 100,
      gift_coin: 5,
    });
    expect(await itemNames(game.id)).toEqual(['Gói Nhỏ']);

    await admin('PATCH', `/store/api/v1/admin/store/${item.id}`, { price: 9_000 });
    expect((await get<StoreItem[]>(items(game.id)))[0]!.price).toBe(9_000);

    await admin('PATCH', `/store/api/v1/admin/store/${item.id}`, { is_active: false });
    expect(await itemNames(game.id)).toEqual([]);
    await admin('PATCH', `/store/api/v1/admin/store/${item.id}`, { is_active: true });
    expect(await itemNames(game.id)).toEqual(['Gói Nhỏ']);

    await admin('PATCH', `/platform/api/v1/admin/platform/${game.id}`, { is_active: false });
    expect(await itemNames(game.id)).toEqual([]);
  });

  it('finds a renamed item by its new name without accents, and no longer by its old one', async () => {
    const game = await admin<AdminPlatform>('POST', '/platform/api/v1/admin/platform', { name: 'Game Đua Xe' });
    const item = await admin<AdminStoreItem>('POST', '/store/api/v1/admin/store', {
      platform_id: game.id,
      name: 'Thẻ Thường',
      description: 'Thẻ',
      price: 10_000,
      raw_price: 10_000,
      coin: 100,
      gift_coin: 0,
    });
    expect(await itemNames(game.id, 'the thuong')).toEqual(['Thẻ Thường']);
    await admin('PATCH', `/store/api/v1/admin/store/${item.id}`, { name: 'Thẻ Đặc Biệt' });
    expect(await itemNames(game.id, 'DAC BIÊT')).toEqual(['Thẻ Đặc Biệt']);
    expect(await itemNames(game.id, 'the thuong')).toEqual([]);
  });

  it('answers a revalidation with 304 until the list changes, then with the new list and a new ETag', async () => {
    const first = await t.request({ method: 'GET', url: PLATFORMS });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await t.request({ method: 'GET', url: PLATFORMS, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }

    await admin('POST', '/platform/api/v1/admin/platform', { name: 'Game Mới Toanh' });
    const changed = await t.request({ method: 'GET', url: PLATFORMS, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().map((p: Platform) => p.name)).toContain('Game Mới Toanh');
  });

  it('still documents both lists with their response schemas', () => {
    const paths = (
      t.app.swagger() as { paths: Record<string, { get: { responses: Record<string, { content?: unknown }> } }> }
    ).paths;
    for (const path of ['/platform/api/v1/platform/list', '/store/api/v1/store/list']) {
      expect(paths[path]!.get.responses['200']!.content).toMatchObject({
        'application/json': { schema: { type: 'array' } },
      });
    }
  });
});

describe('the in-memory catalogue', () => {
  const quietLog = { info: () => {}, error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;
  const fakeCatalogue = (name: string) => ({ name }) as unknown as Catalogue;

  /** A cache whose loads finish when the test says, on a database whose notifications the test sends. */
  function controlledCache() {
    const loads: { resolve: (catalogue: Catalogue) => void; reject: (error: Error) => void }[] = [];
    let notify: () => void = () => {};
    let reconnected: () => void = () => {};
    const database = {
      db: null as never,
      listen: async (_channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) => {
        notify = () => onPayload('');
        reconnected = () => onReconnect?.();
        return async () => {};
      },
    } satisfies Pick<Database, 'db' | 'listen'>;
    const cache = createCatalogueCache(
      database,
      quietLog,
      () => new Promise<Catalogue>((resolve, reject) => loads.push({ resolve, reject })),
    );
    return { cache, loads, notify: () => notify(), reconnected: () => reconnected() };
  }

  it('never keeps a load that began before a change', async () => {
    const { cache, loads } = controlledCache();
    await cache.start();
    const before = cache.current();
    cache.invalidate();
    loads[0]!.resolve(fakeCatalogue('before the change'));
    // Whoever asked before the change gets what was read then …
    expect(await before).toEqual({ name: 'before the change' });
    // … but the next read loads again, and nothing is served from memory meanwhile.
    expect(cache.loaded()).toBeNull();
    const after = cache.current();
    expect(loads).toHaveLength(2);
    loads[1]!.resolve(fakeCatalogue('after the change'));
    expect(await after).toEqual({ name: 'after the change' });
    expect(await cache.current()).toEqual({ name: 'after the change' });
    expect(cache.loaded()).toEqual({ name: 'after the change' });
    expect(loads).toHaveLength(2);
  });

  it('shares one load between concurrent reads', async () => {
    const { cache, loads } = controlledCache();
    const reads = [cache.current(), cache.current(), cache.current()];
    loads[0]!.resolve(fakeCatalogue('one'));
    expect(await Promise.all(reads)).toEqual([{ name: 'one' }, { name: 'one' }, { name: 'one' }]);
    expect(loads).toHaveLength(1);
  });

  it('tries again on the next read after a failed load', async () => {
    const { cache, loads } = controlledCache();
    const failed = cache.current();
    loads[0]!.reject(new Error('database unavailable'));
    await expect(failed).rejects.toThrow('database unavailable');
    const retried = cache.current();
    loads[1]!.resolve(fakeCatalogue('recovered'));
    expect(await retried).toEqual({ name: 'recovered' });
  });

  it('reloads after a notification and after its listener reconnects (notifications may have been lost)', async () => {
    const { cache, loads, notify, reconnected } = controlledCache();
    await cache.start();
    const first = cache.current();
    loads[0]!.resolve(fakeCatalogue('first'));
    await first;

    expect(cache.loaded()).toEqual({ name: 'first' });
    notify();
    expect(cache.loaded()).toBeNull();
    const second = cache.current();
    loads[1]!.resolve(fakeCatalogue('second'));
    expect(await second).toEqual({ name: 'second' });

    reconnected();
    const third = cache.current();
    loads[2]!.resolve(fakeCatalogue('third'));
    expect(await third).toEqual({ name: 'third' });
  });
});
