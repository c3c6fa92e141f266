/** Platforms and store items as the storefront reads them. */
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platforms, storeItems } from '../../db/schema.js';
import { likeContains } from '../../lib/search-text.js';

export type PlatformRow = typeof platforms.$inferSelect;
export type StoreItemRow = typeof storeItems.$inferSelect;

export function listPlatforms(db: Db, filter: { search: string | null; isActive: boolean | null }): Promise<PlatformRow[]> {
  const where: SQL[] = [];
  if (filter.search) where.push(ilike(platforms.searchName, likeContains(filter.search)));
  if (filter.isActive !== null) where.push(eq(platforms.isActive, filter.isActive));
  return db
    .select()
    .from(platforms)
    .where(and(...where))
    .orderBy(asc(platforms.sortOrder), asc(platforms.id));
}

/** Active items of active platforms only: what a customer may buy. */
export function listActiveItems(db: Db, filter: { search: string | null; platformId: number | null }) {
  const where: SQL[] = [eq(storeItems.isActive, true), eq(platforms.isActive, true)];
  if (filter.search) where.push(ilike(storeItems.searchName, likeContains(filter.search)));
  if (filter.platformId !== null) where.push(eq(storeItems.platformId, filter.platformId));
  return db
    .select({ item: storeItems })
    .from(storeItems)
    .innerJoin(platforms, eq(platforms.id, storeItems.platformId))
    .where(and(...where))
    .orderBy(asc(storeItems.sortOrder), asc(storeItems.id))
    .then((rows) => rows.map((row) => row.item));
}
