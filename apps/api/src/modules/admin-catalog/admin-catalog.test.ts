import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPlatform, AdminStoreItem } from '@lucky/shared';
import { auditLog, platforms, storeItems } from '../../db/schema.js';
import { createCustomer, createStoredFile } from '../../test/fixtures.js';
import { MSG } from '../../test/expected-messages.js';
import { useSignIn, useTestApp } from '../../test/suite.js';

const PLATFORM = '/platform/api/v1/admin/platform';
const STORE = '/store/api/v1/admin/store';

const t = useTestApp();
const adminSession = useSignIn(t, 'admin@lucky.test');

const db = () => t.app.ctx.db;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>, token: string = adminSession.token) {
  return t.request({ method, url, token, ...(payload ? { payload } : {}) });
}

async function ok<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function audits(entity: string, entityId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));
}

describe('platforms', () => {
  it('creates a platform with a trimmed name, its search name, defaults and an audit row', async () => {
    const picture = await createStoredFile(db());
    const created = await ok<AdminPlatform>('POST', PLATFORM, { name: '  Liên Quân Mobile  ', picture });
    expect(created).toMatchObject({ name: 'Liên Quân Mobile', picture, sale_picture: null, need_login: false, is_active: true, item_count: 0 });
    const [row] = await db().select().from(platforms).where(eq(platforms.id, created.id));
    expect(row!.searchName).toBe('lien quan mobile');
    const [audit] = await audits('platform', String(created.id));
    expect(audit).toMatchObject({ action: 'platform.create', actorId: adminSession.id, before: null, after: { name: 'Liên Quân Mobile', picture } });
  });

  it('puts a new platform last unless told where', async () => {
    const a = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game A' });
    const b = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game B' });
    expect(b.sort_order).toBeGreaterThan(a.sort_order);
    const placed = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game C', sort_order: 0 });
    expect(placed.sort_order).toBe(0);
  });

  it('edits a platform, keeping the search name in step, and audits before → after', async () => {
    const sale = await createStoredFile(db());
    const created = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Free Fire', need_login: false });
    const edited = await ok<AdminPlatform>('PATCH', `${PLATFORM}/${created.id}`, {
      name: 'Đấu Trường Sinh Tử',
      need_login: true,
      sale_picture: sale,
      is_active: false,
      sort_order: 7,
    });
    expect(edited).toMatchObject({ name: 'Đấu Trường Sinh Tử', need_login: true, sale_picture: sale, is_active: false, sort_order: 7 });
    const [row] = await db().select().from(platforms).where(eq(platforms.id, created.id));
    expect(row!.searchName).toBe('dau truong sinh tu');

    const cleared = await ok<AdminPlatform>('PATCH', `${PLATFORM}/${created.id}`, { sale_picture: null });
    expect(cleared).toMatchObject({ sale_picture: null, name: 'Đấu Trường Sinh Tử', is_active: false });

    const trail = await audits('platform', String(created.id));
    expect(trail.map((a) => a.action)).toEqual(['platform.create', 'platform.update', 'platform.update']);
    expect(trail[1]).toMatchObject({ before: { name: 'Free Fire', is_active: true }, after: { name: 'Đấu Trường Sinh Tử', is_active: false } });
  });

  it('lists inactive platforms too, in their order', async () => {
    const hidden = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game ẩn', is_active: false });
    const list = await ok<AdminPlatform[]>('GET', PLATFORM);
    expect(list.map((p) => p.id)).toContain(hidden.id);
    const orders = list.map((p) => p.sort_order);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
  });

  it('reorders platforms by the ids given', async () => {
    const list = await ok<AdminPlatform[]>('GET', PLATFORM);
    const reversed = list.map((p) => p.id).reverse();
    const after = await ok<AdminPlatform[]>('POST', `${PLATFORM}/reorder`, { ids: reversed });
    expect(after.map((p) => p.id)).toEqual(reversed);
    expect(after.map((p) => p.sort_order)).toEqual(reversed.map((_, i) => i));
  });

  it('refuses bad input with a Vietnamese 4xx', async () => {
    const created = await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game kiểm thử' });
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ['POST', PLATFORM, {}, 400, MSG.badRequest],
      ['POST', PLATFORM, { name: '   ' }, 400, MSG.nameRequired],
      ['POST', PLATFORM, { name: 'x'.repeat(101) }, 400, 'Thông tin quá dài (tối đa 100 ký tự)'],
      ['POST', PLATFORM, { name: 'Game', picture: 'f'.repeat(64) }, 400, MSG.pictureNotFound],
      ['POST', PLATFORM, { name: 'Game', picture: 'not-a-file' }, 400, MSG.pictureNotFound],
      ['POST', PLATFORM, { name: 'Game', need_login: 'yes' }, 400, MSG.badRequest],
      ['POST', PLATFORM, { name: 'Game', sort_order: -1 }, 400, 'Giá trị phải là số nguyên từ 0 đến 1.000.000'],
      ['PATCH', `${PLATFORM}/${created.id}`, { name: '' }, 400, MSG.nameRequired],
      ['PATCH', `${PLATFORM}/${created.id}`, { sale_picture: 'e'.repeat(64) }, 400, MSG.pictureNotFound],
      ['PATCH', `${PLATFORM}/999999`, { name: 'X' }, 404, MSG.platformNotFound],
      ['PATCH', `${PLATFORM}/abc`, { name: 'X' }, 404, MSG.platformNotFound],
      ['POST', `${PLATFORM}/reorder`, { ids: [] }, 400, MSG.reorderInvalid],
      ['POST', `${PLATFORM}/reorder`, { ids: [created.id, created.id] }, 400, MSG.reorderInvalid],
      ['POST', `${PLATFORM}/reorder`, { ids: [created.id, 999_999] }, 400, MSG.reorderInvalid],
      ['POST', `${PLATFORM}/reorder`, { ids: 'all' }, 400, MSG.badRequest],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await call(method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const [row] = await db().select().from(platforms).where(eq(platforms.id, created.id));
    expect(row!.name).toBe('Game kiểm thử');
  });
});

describe('store items', () => {
  let platformId: number;
  let otherPlatformId: number;
  beforeAll(async () => {
    platformId = (await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game có gói' })).id;
    otherPlatformId = (await ok<AdminPlatform>('POST', PLATFORM, { name: 'Game khác' })).id;
  });

  const valid = () => ({ platform_id: platformId, name: ' Gói 100 Kim Cương ', price: 20_000, raw_price: 25_000, coin: 200, gift_coin: 10 });

  it('creates an item with its search name and an audit row; the platform counts it', async () => {
    const picture = await createStoredFile(db());
    const item = await ok<AdminStoreItem>('POST', STORE, { ...valid(), picture, description: 'Nạp nhanh' });
    expect(item).toMatchObject({
      platform_id: platformId,
      platform_name: 'Game có gói',
      name: 'Gói 100 Kim Cương',
      description: 'Nạp nhanh',
      picture,
      price: 20_000,
      raw_price: 25_000,
      coin: 200,
      gift_coin: 10,
      is_active: true,
    });
    const [row] = await db().select().from(storeItems).where(eq(storeItems.id, item.id));
    expect(row!.searchName).toBe('goi 100 kim cuong');
    expect((await audits('store_item', String(item.id)))[0]).toMatchObject({ action: 'store.create', actorId: adminSession.id });
    const list = await ok<AdminPlatform[]>('GET', PLATFORM);
    expect(list.find((p) => p.id === platformId)!.item_count).toBeGreaterThanOrEqual(1);
  });

  it('edits an item, keeping the search name in step, and audits before → after', async () => {
    const item = await ok<AdminStoreItem>('POST', STORE, valid());
    const edited = await ok<AdminStoreItem>('PATCH', `${STORE}/${item.id}`, {
      name: 'Gói Đặc Biệt',
      price: 18_000,
      is_active: false,
      platform_id: otherPlatformId,
    });
    expect(edited).toMatchObject({ name: 'Gói Đặc Biệt', price: 18_000, raw_price: 25_000, is_active: false, platform_id: otherPlatformId });
    const [row] = await db().select().from(storeItems).where(eq(storeItems.id, item.id));
    expect(row!.searchName).toBe('goi dac biet');
    const trail = await audits('store_item', String(item.id));
    expect(trail[1]).toMatchObject({ action: 'store.update', before: { price: 20_000, is_active: true }, after: { price: 18_000, is_active: false } });
  });

  it('lists inactive items too, filtered by platform', async () => {
    const hidden = await ok<AdminStoreItem>('POST', STORE, { ...valid(), name: 'Gói ẩn', is_active: false });
    const list = await ok<AdminStoreItem[]>('GET', `${STORE}?platform_id=${platformId}`);
    expect(list.map((i) => i.id)).toContain(hidden.id);
    expect(list.every((i) => i.platform_id === platformId)).toBe(true);
    expect((await ok<AdminStoreItem[]>('GET', `${STORE}?platform_id=`)).length).toBeGreaterThan(list.length - 1);
  });

  it('reorders items by the ids given', async () => {
    const list = await ok<AdminStoreItem[]>('GET', `${STORE}?platform_id=${platformId}`);
    const reversed = list.map((i) => i.id).reverse();
    const after = await ok<AdminStoreItem[]>('POST', `${STORE}/reorder`, { ids: reversed });
    expect(after.map((i) => i.id)).toEqual(reversed);
  });

  it('refuses bad input with a Vietnamese 4xx', async () => {
    const item = await ok<AdminStoreItem>('POST', STORE, valid());
    const amount = 'Giá trị phải là số nguyên từ 0 đến 1.000.000.000';
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ['POST', STORE, { ...valid(), platform_id: 999_999 }, 400, MSG.platformNotFound],
      ['POST', STORE, { ...valid(), name: '' }, 400, MSG.nameRequired],
      ['POST', STORE, { ...valid(), price: -1 }, 400, amount],
      ['POST', STORE, { ...valid(), price: 1.5 }, 400, amount],
      ['POST', STORE, { ...valid(), coin: 1_000_000_001 }, 400, amount],
      ['POST', STORE, { ...valid(), raw_price: '25000' }, 400, amount],
      ['POST', STORE, { ...valid(), description: 'x'.repeat(2001) }, 400, 'Thông tin quá dài (tối đa 2000 ký tự)'],
      ['POST', STORE, { ...valid(), picture: 'a'.repeat(64) }, 400, MSG.pictureNotFound],
      ['POST', STORE, { name: 'Thiếu giá', platform_id: platformId }, 400, amount],
      ['PATCH', `${STORE}/${item.id}`, { gift_coin: -5 }, 400, amount],
      ['PATCH', `${STORE}/${item.id}`, { platform_id: 999_999 }, 400, MSG.platformNotFound],
      ['PATCH', `${STORE}/999999`, { price: 1 }, 404, MSG.storeItemNotFound],
      ['PATCH', `${STORE}/0`, { price: 1 }, 404, MSG.storeItemNotFound],
      ['POST', `${STORE}/reorder`, { ids: [item.id, 999_999] }, 400, MSG.reorderInvalid],
    ];
    for (const [method, url, payload, status, message] of cases) {
      const res = await call(method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const bad = await t.request({ method: 'GET', url: `${STORE}?platform_id=abc`, token: adminSession.token });
    expect(bad.statusCode).toBe(400);
  });

  it('is closed to customers', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const res = await call('POST', STORE, valid(), c.token);
    expect(res.statusCode).toBe(403);
  });
});
