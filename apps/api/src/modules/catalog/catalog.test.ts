import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, createStoreItem } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let lienQuan: number;
let tocChien: number;
beforeAll(async () => {
  const db = t.app.ctx.db;
  lienQuan = (await createPlatform(db, { name: 'Liên Quân Mobile', needLogin: true, sortOrder: 2, salePicture: null })).id;
  tocChien = (await createPlatform(db, { name: 'Tốc Chiến', needLogin: false, sortOrder: 1 })).id;
  await createPlatform(db, { name: 'Game Đã Ngừng', isActive: false, sortOrder: 0 });
  await createStoreItem(db, lienQuan, { name: 'Gói 100 Quân Huy', priceVnd: 20_000, rawPriceVnd: 25_000, coinCost: 200, giftCoin: 10 });
  await createStoreItem(db, lienQuan, { name: 'Gói 500 Quân Huy', priceVnd: 100_000 });
  await createStoreItem(db, lienQuan, { name: 'Gói cũ', isActive: false });
  await createStoreItem(db, tocChien, { name: 'Thẻ Đường Đua' });
});

const get = (url: string) => t.request({ method: 'GET', url });

describe('GET /platform/api/v1/platform/list', () => {
  it('lists active platforms in display order with their shop config, to anonymous visitors too', async () => {
    const res = await get('/platform/api/v1/platform/list?keyword=&is_active=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((p: { name: string }) => p.name)).toEqual(['Tốc Chiến', 'Liên Quân Mobile']);
    expect(body[1]).toEqual({
      id: lienQuan,
      name: 'Liên Quân Mobile',
      picture: null,
      is_active: true,
      shop_config: { need_login: true, sale_picture: null },
    });
  });

  it('finds names by keyword regardless of case and Vietnamese accents', async () => {
    for (const keyword of ['lien quan', 'LIÊN', 'quân mob']) {
      const res = await get(`/platform/api/v1/platform/list?keyword=${encodeURIComponent(keyword)}&is_active=true`);
      expect(res.json().map((p: { id: number }) => p.id)).toEqual([lienQuan]);
    }
  });

  it('treats LIKE wildcards in a keyword as plain text', async () => {
    const res = await get('/platform/api/v1/platform/list?keyword=%25&is_active=true');
    expect(res.json()).toEqual([]);
  });

  it('never shows an inactive platform publicly', async () => {
    const all = await get('/platform/api/v1/platform/list');
    expect(all.json().map((p: { name: string }) => p.name)).not.toContain('Game Đã Ngừng');
    const inactive = await get('/platform/api/v1/platform/list?is_active=false');
    expect(inactive.json()).toEqual([]);
  });

  it('refuses a bad is_active or an over-long keyword with 400 in Vietnamese', async () => {
    const bad = await get('/platform/api/v1/platform/list?is_active=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Dữ liệu gửi lên không hợp lệ');
    const long = await get(`/platform/api/v1/platform/list?keyword=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Thông tin quá dài (tối đa 100 ký tự)');
  });
});

describe('the same query asked again', () => {
  const PLATFORMS = '/platform/api/v1/platform/list';
  const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((entry) => entry.name);

  it('gets the same answer every time, a refusal included', async () => {
    for (let round = 0; round < 3; round++) {
      const all = await get(`${PLATFORMS}?keyword=&is_active=true`);
      expect(names(all)).toEqual(['Tốc Chiến', 'Liên Quân Mobile']);
      expect((await get(`${PLATFORMS}?keyword=&is_active=false`)).json()).toEqual([]);
      expect(names(await get(`${PLATFORMS}?keyword=lien`))).toEqual(['Liên Quân Mobile']);
      // A link's own parameters (a campaign tag, however long) do not change the list.
      expect(names(await get(`${PLATFORMS}?keyword=&utm_source=${'x'.repeat(1000)}`))).toEqual(['Tốc Chiến', 'Liên Quân Mobile']);
      const bad = await get(`${PLATFORMS}?is_active=maybe`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: 'Dữ liệu gửi lên không hợp lệ' });
      const twice = await get(`${PLATFORMS}?keyword=a&keyword=b`);
      expect(twice.statusCode).toBe(400);
      expect(names(await get(`/store/api/v1/store/list?keyword=&store_platform=${tocChien}`))).toEqual(['Thẻ Đường Đua']);
      const malformed = await get('/store/api/v1/store/list?store_platform=abc');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('VALIDATION');
    }
  });

  it('still asks for the API key, and still answers a revalidation with 304, at an address answered before', async () => {
    const url = `/store/api/v1/store/list?keyword=&store_platform=${lienQuan}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    for (const key of [undefined, 'wrong-key']) {
      const refused = await t.app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': key } : {} });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'INVALID_API_KEY' });
    }
    const etag = first.headers.etag as string;
    const again = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'x-api-key': 'wrong-key' } });
    expect(head.statusCode).toBe(401);
  });

  it('still documents the lists\' query parameters', () => {
    const paths = (t.app.swagger() as { paths: Record<string, { get: { parameters: { name: string; in: string }[] } }> })
      .paths;
    const parameters = (path: string) => paths[path]!.get.parameters.map((p) => `${p.in}:${p.name}`).sort();
    expect(parameters(PLATFORMS)).toEqual(['query:is_active', 'query:keyword']);
    expect(parameters('/store/api/v1/store/list')).toEqual(['query:keyword', 'query:store_platform']);
  });
});

describe('GET /store/api/v1/store/list', () => {
  it('lists the active items of one platform with prices, coins and gift coins', async () => {
    const res = await get(`/store/api/v1/store/list?keyword=&store_platform=${lienQuan}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((i: { name: string }) => i.name)).toEqual(['Gói 100 Quân Huy', 'Gói 500 Quân Huy']);
    expect(body[0]).toMatchObject({
      platform_id: lienQuan,
      name: 'Gói 100 Quân Huy',
      description: 'Mô tả gói',
      picture: null,
      price: 20_000,
      raw_price: 25_000,
      coin: 200,
      gift_coin: 10,
      is_active: true,
    });
  });

  it('filters by keyword without accents', async () => {
    const res = await get(`/store/api/v1/store/list?keyword=duong%20dua`);
    expect(res.json().map((i: { name: string }) => i.name)).toEqual(['Thẻ Đường Đua']);
  });

  it('answers an unknown platform with an empty list and a malformed one with 400', async () => {
    expect((await get('/store/api/v1/store/list?store_platform=999999')).json()).toEqual([]);
    const bad = await get('/store/api/v1/store/list?store_platform=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });
});
