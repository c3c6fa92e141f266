/** Platforms and store items as the admin console edits them: inactive ones included. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { platforms, storedFiles, storeItems } from '../../db/schema.js';

export type PlatformRow = typeof platforms.$inferSelect;
export type NewPlatform = typeof platforms.$inferInsert;
export type StoreItemRow = typeof storeItems.$inferSelect;
export type NewStoreItem = typeof storeItems.$inferInsert;

const platformColumns = {
  platform: platforms,
  // Spelled out: drizzle drops table prefixes in a one-table select, which would un-correlate the subquery.
  itemCount: sql<number>`(select count(*) from "store_items" si where si."platform_id" = "platforms"."id")`.mapWith(
    Number,
  ),
};

export function listPlatforms(db: Db) {
  return db.select(platformColumns).from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.id));
}

export async function findPlatform(db: Db, id: number) {
  const [row] = await db.select(platformColumns).from(platforms).where(eq(platforms.id, id));
  return row;
}

export async function lockPlatform(tx: Db, id: number): Promise<PlatformRow | undefined> {
  const [row] = await tx.select().from(platforms).where(eq(platforms.id, id)).for('update');
  return row;
}

export async function insertPlatform(tx: Db, values: NewPlatform): Promise<PlatformRow> {
  const [row] = await tx.insert(platforms).values(values).returning();
  return row!;
}

export async function updatePlatform(tx: Db, id: number, values: Partial<NewPlatform>): Promise<PlatformRow> {
  const [row] = await tx.update(platforms).set(values).where(eq(platforms.id, id)).returning();
  return row!;
}

export async function nextPlatformSortOrder(db: Db): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${platforms.sortOrder}), -1) + 1`.mapWith(Number) })
    .from(platforms);
  return row?.next ?? 0;
}

export async function platformIdsIn(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: platforms.id }).from(platforms).where(inArray(platforms.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function setPlatformSortOrder(tx: Db, id: number, sortOrder: number): Promise<void> {
  await tx
    .update(platforms)
    .set({ sortOrder, updatedAt: sql`now()` })
    .where(eq(platforms.id, id));
}

const itemColumns = { item: storeItems, platformName: platforms.name };

export function listStoreItems(db: Db, platformId: number | null) {
  return db
    .select(itemColumns)
    .from(storeItems)
    .innerJoin(platforms, eq(platforms.id, storeItems.platformId))
    .where(platformId === null ? undefined : eq(storeItems.platformId, platformId))
    .orderBy(asc(storeItems.platformId), asc(storeItems.sortOrder), asc(storeItems.id));
}

export async function findStoreItem(db: Db, id: number) {
  const [row] = await db
    .select(itemColumns)
    .from(storeItems)
    .innerJoin(platforms, eq(platforms.id, storeItems.platformId))
    .where(eq(storeItems.id, id));
  return row;
}

export async function lockStoreItem(tx: Db, id: number): Promise<StoreItemRow | undefined> {
  const [row] = await tx.select().from(storeItems).where(eq(storeItems.id, id)).for('update');
  return row;
}

export async function insertStoreItem(tx: Db, values: NewStoreItem): Promise<StoreItemRow> {
  const [row] = await tx.insert(storeItems).values(values).returning();
  return row!;
}

export async function updateStoreItem(tx: Db, id: number, values: Partial<NewStoreItem>): Promise<StoreItemRow> {
  const [row] = await tx.update(storeItems).set(values).where(eq(storeItems.id, id)).returning();
  return row!;
}

export async function nextItemSortOrder(db: Db, platformId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${storeItems.sortOrder}), -1) + 1`.mapWith(Number) })
    .from(storeItems)
    .where(eq(storeItems.platformId, platformId));
  return row?.next ?? 0;
}

export async function storeItemIdsIn(db: Db, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: storeItems.id }).from(storeItems).where(inArray(storeItems.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function setItemSortOrder(tx: Db, id: number, sortOrder: number): Promise<void> {
  await tx
    .update(storeItems)
    .set({ sortOrder, updatedAt: sql`now()` })
    .where(eq(storeItems.id, id));
}

export async function existingFileIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, ids));
  return new Set(rows.map((row) => row.id));
}
