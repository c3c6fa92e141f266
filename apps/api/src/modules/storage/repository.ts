/** Stored pictures, by content hash, in the database (so every API instance and every backup has them). */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFiles } from '../../db/schema.js';

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = typeof storedFiles.$inferInsert;

export async function findFile(db: Db, id: string): Promise<StoredFileRow | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row;
}

/** Inserts a file unless the same bytes are stored already (same hash, same content). */
export async function insertFile(db: Db, file: NewStoredFile): Promise<void> {
  await db.insert(storedFiles).values(file).onConflictDoNothing({ target: storedFiles.id });
}

/** Which of these ids exist (for checking references before saving them). */
export async function existingIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: storedFiles.id }).from(storedFiles).where(inArray(storedFiles.id, ids));
  return new Set(rows.map((row) => row.id));
}
