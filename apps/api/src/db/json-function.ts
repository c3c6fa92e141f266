/**
 * The hand-written plpgsql functions that take one jsonb argument and answer jsonb (migrations 0006 `place_order`,
 * 0011 `receive_paying_transfer`): a write of several rows in one round trip, the same on PostgreSQL and PGlite.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** Calls `name(payload::jsonb)` and returns its answer; throws when it answers nothing. */
export async function callJsonFunction<T>(db: Db, name: string, payload: unknown): Promise<T> {
  // Both drivers answer a raw statement with `rows`, and parse jsonb.
  const result = (await db.execute(sql`select ${sql.identifier(name)}(${JSON.stringify(payload)}::jsonb) as answer`)) as unknown as {
    rows: { answer: T | null }[];
  };
  const answer = result.rows[0]?.answer;
  if (answer === undefined || answer === null) throw new Error(`${name} answered nothing`);
  return answer;
}
