/**
 * Catalogue editing for admins. Names are trimmed and their accent-free search_name is kept in step;
 * every referenced picture must already be stored; every change writes an audit row with before → after
 * and, in the same transaction, tells every instance's public catalogue cache (modules/catalog) to reload.
 */
import {
  API_MESSAGES,
  type AdminPlatform,
  type AdminStoreItem,
  type adminPlatformCreate,
  type adminPlatformPatch,
  type adminStoreCreate,
  type adminStorePatch,
} from '@lucky/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../db/audit.js';
import { toSearchText } from '../../lib/search-text.js';
import * as catalog from '../catalog/service.js';
import * as repo from './repository.js';

type PlatformCreate = z.output<typeof adminPlatformCreate>;
type PlatformPatch = z.output<typeof adminPlatformPatch>;
type StoreCreate = z.output<typeof adminStoreCreate>;
type StorePatch = z.output<typeof adminStorePatch>;

function toPlatform(row: repo.PlatformRow, itemCount: number): AdminPlatform {
  return {
    id: row.id,
    name: row.name,
    picture: row.picture,
    sale_picture: row.salePicture,
    need_login: row.needLogin,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    item_count: itemCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The public shape of an item, plus what only the console shows. */
function toStoreItem(row: repo.StoreItemRow, platformName: string): AdminStoreItem {
  return {
    ...catalog.toStoreItem(row),
    platform_name: platformName,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an audit row keeps of a catalogue row: its wire shape without timestamps and joined names. */
function auditShape(value: AdminPlatform | AdminStoreItem): Record<string, unknown> {
  const skip = new Set(['created_at', 'updated_at', 'platform_name', 'item_count']);
  return Object.fromEntries(Object.entries(value).filter(([key]) => !skip.has(key)));
}

/** Refuses picture ids that are not stored, naming the field. */
async function requirePictures(db: Db, pictures: Record<string, string | null | undefined>): Promise<void> {
  const wanted = Object.entries(pictures).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const found = await repo.existingFileIds(
    db,
    wanted.map(([, id]) => id),
  );
  const missing = wanted.filter(([, id]) => !found.has(id));
  if (missing.length > 0) {
    throw badRequest(API_MESSAGES.pictureNotFound, Object.fromEntries(missing.map(([field]) => [field, API_MESSAGES.pictureNotFound])));
  }
}

/** Distinct ids that all exist, or 400. */
function checkReorder(ids: number[], existing: Set<number>): void {
  if (new Set(ids).size !== ids.length || ids.some((id) => !existing.has(id))) {
    throw badRequest(API_MESSAGES.reorderInvalid, { ids: API_MESSAGES.reorderInvalid });
  }
}

// ---------- platforms ----------
export async function listPlatforms(db: Db): Promise<AdminPlatform[]> {
  const rows = await repo.listPlatforms(db);
  return rows.map((row) => toPlatform(row.platform, row.itemCount));
}

async function platformById(db: Db, id: number): Promise<AdminPlatform> {
  const row = await repo.findPlatform(db, id);
  if (!row) throw notFound(API_MESSAGES.platformNotFound);
  return toPlatform(row.platform, row.itemCount);
}

export async function createPlatform(db: Db, actorId: string, input: PlatformCreate): Promise<AdminPlatform> {
  await requirePictures(db, { picture: input.picture, sale_picture: input.sale_picture });
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertPlatform(tx, {
      name: input.name,
      searchName: toSearchText(input.name),
      picture: input.picture ?? null,
      salePicture: input.sale_picture ?? null,
      needLogin: input.need_login,
      isActive: input.is_active,
      // New platforms go last unless placed explicitly.
      sortOrder: input.sort_order ?? (await repo.nextPlatformSortOrder(tx)),
    });
    await writeAudit(tx, { actorId, action: 'platform.create', entity: 'platform', entityId: String(row.id), after: auditShape(toPlatform(row, 0)) });
    await catalog.announceCatalogueChange(tx);
    return row.id;
  });
  return platformById(db, id);
}

export async function updatePlatform(db: Db, actorId: string, id: number, input: PlatformPatch): Promise<AdminPlatform> {
  await requirePictures(db, { picture: input.picture, sale_picture: input.sale_picture });
  await db.transaction(async (tx) => {
    const before = await repo.lockPlatform(tx, id);
    if (!before) throw notFound(API_MESSAGES.platformNotFound);
    const after = await repo.updatePlatform(tx, id, {
      ...(input.name !== undefined ? { name: input.name, searchName: toSearchText(input.name) } : {}),
      ...(input.picture !== undefined ? { picture: input.picture } : {}),
      ...(input.sale_picture !== undefined ? { salePicture: input.sale_picture } : {}),
      ...(input.need_login !== undefined ? { needLogin: input.need_login } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
      updatedAt: new Date(),
    });
    await writeAudit(tx, {
      actorId,
      action: 'platform.update',
      entity: 'platform',
      entityId: String(id),
      before: auditShape(toPlatform(before, 0)),
      after: auditShape(toPlatform(after, 0)),
    });
    await catalog.announceCatalogueChange(tx);
  });
  return platformById(db, id);
}

/** Puts the given platforms in this order (sort_order 0, 1, 2, …); others keep theirs. */
export async function reorderPlatforms(db: Db, actorId: string, ids: number[]): Promise<AdminPlatform[]> {
  await db.transaction(async (tx: Tx) => {
    checkReorder(ids, await repo.platformIdsIn(tx, ids));
    for (const [position, id] of ids.entries()) await repo.setPlatformSortOrder(tx, id, position);
    await writeAudit(tx, { actorId, action: 'platform.reorder', entity: 'platform', entityId: '*', after: { ids } });
    await catalog.announceCatalogueChange(tx);
  });
  return listPlatforms(db);
}

// ---------- store items ----------
export async function listStoreItems(db: Db, platformId: number | null): Promise<AdminStoreItem[]> {
  const rows = await repo.listStoreItems(db, platformId);
  return rows.map((row) => toStoreItem(row.item, row.platformName));
}

async function storeItemById(db: Db, id: number): Promise<AdminStoreItem> {
  const row = await repo.findStoreItem(db, id);
  if (!row) throw notFound(API_MESSAGES.storeItemNotFound);
  return toStoreItem(row.item, row.platformName);
}

async function requirePlatform(db: Db, platformId: number): Promise<void> {
  if (!(await repo.findPlatform(db, platformId))) {
    throw badRequest(API_MESSAGES.platformNotFound, { platform_id: API_MESSAGES.platformNotFound });
  }
}

export async function createStoreItem(db: Db, actorId: string, input: StoreCreate): Promise<AdminStoreItem> {
  await requirePlatform(db, input.platform_id);
  await requirePictures(db, { picture: input.picture });
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertStoreItem(tx, {
      platformId: input.platform_id,
      name: input.name,
      searchName: toSearchText(input.name),
      description: input.description,
      picture: input.picture ?? null,
      priceVnd: input.price,
      rawPriceVnd: input.raw_price,
      coinCost: input.coin,
      giftCoin: input.gift_coin,
      isActive: input.is_active,
      sortOrder: input.sort_order ?? (await repo.nextItemSortOrder(tx, input.platform_id)),
    });
    await writeAudit(tx, { actorId, action: 'store.create', entity: 'store_item', entityId: String(row.id), after: auditShape(toStoreItem(row, '')) });
    await catalog.announceCatalogueChange(tx);
    return row.id;
  });
  return storeItemById(db, id);
}

export async function updateStoreItem(db: Db, actorId: string, id: number, input: StorePatch): Promise<AdminStoreItem> {
  if (input.platform_id !== undefined) await requirePlatform(db, input.platform_id);
  await requirePictures(db, { picture: input.picture });
  await db.transaction(async (tx) => {
    const before = await repo.lockStoreItem(tx, id);
    if (!before) throw notFound(API_MESSAGES.storeItemNotFound);
    const after = await repo.updateStoreItem(tx, id, {
      ...(input.platform_id !== undefined ? { platformId: input.platform_id } : {}),
      ...(input.name !== undefined ? { name: input.name, searchName: toSearchText(input.name) } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.picture !== undefined ? { picture: input.picture } : {}),
      ...(input.price !== undefined ? { priceVnd: input.price } : {}),
      ...(input.raw_price !== undefined ? { rawPriceVnd: input.raw_price } : {}),
      ...(input.coin !== undefined ? { coinCost: input.coin } : {}),
      ...(input.gift_coin !== undefined ? { giftCoin: input.gift_coin } : {}),
      ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
      ...(input.sort_order !== undefined ? { sortOrder: input.sort_order } : {}),
      updatedAt: new Date(),
    });
    await writeAudit(tx, {
      actorId,
      action: 'store.update',
      entity: 'store_item',
      entityId: String(id),
      before: auditShape(toStoreItem(before, '')),
      after: auditShape(toStoreItem(after, '')),
    });
    await catalog.announceCatalogueChange(tx);
  });
  return storeItemById(db, id);
}

export async function reorderStoreItems(db: Db, actorId: string, ids: number[]): Promise<AdminStoreItem[]> {
  const platformIds = await db.transaction(async (tx: Tx) => {
    checkReorder(ids, await repo.storeItemIdsIn(tx, ids));
    for (const [position, id] of ids.entries()) await repo.setItemSortOrder(tx, id, position);
    await writeAudit(tx, { actorId, action: 'store.reorder', entity: 'store_item', entityId: '*', after: { ids } });
    await catalog.announceCatalogueChange(tx);
    return ids;
  });
  const all = await listStoreItems(db, null);
  const wanted = new Set(platformIds);
  const platforms = new Set(all.filter((item) => wanted.has(item.id)).map((item) => item.platform_id));
  return all.filter((item) => platforms.has(item.platform_id));
}
