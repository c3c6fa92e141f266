/** Platforms and store items as the storefront reads them: the active catalogue, in display order. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platforms, storeItems } from '../../db/schema.js';

export type PlatformRow = typeof platforms.$inferSelect;
export type StoreItemRow = typeof storeItems.$inferSelect;

/** The channel that tells every instance the catalogue changed (modules/catalog/cache.ts). */
export const CATALOGUE_CHANNEL = 'lucky_catalogue';

export function listActivePlatforms(db: Db): Promise<PlatformRow[]> {
  return db
    .select()
    .from(platforms)
    .where(eq(platforms.isActive, true))
    .orderBy(asc(platforms.sortOrder), asc(platforms.id));
}

/** Active items of active platforms only: what a customer may buy. */
export function listActiveItems(db: Db): Promise<StoreItemRow[]> {
  return db
    .select({ item: storeItems })
    .from(storeItems)
    .innerJoin(platforms, eq(platforms.id, storeItems.platformId))
    .where(and(eq(storeItems.isActive, true), eq(platforms.isActive, true)))
    .orderBy(asc(storeItems.sortOrder), asc(storeItems.id))
    .then((rows) => rows.map((row) => row.item));
}

/** Sent inside the changing transaction: PostgreSQL delivers it only if, and once, that commits. */
export async function notifyCatalogueChanged(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, '')`);
}
