/**
 * The database's clock. Jobs that several instances run (the 16:00 promise sweep) read the time here, so
 * instances whose own clocks drift apart still agree on what is overdue.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

export async function databaseNow(db: Db): Promise<Date> {
  // Milliseconds since the epoch as text: the same answer from both drivers, whatever their type parsers.
  // Both drivers answer with `rows` (node-postgres' QueryResult, PGlite's Results).
  const result = (await db.execute(sql`select floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text as ms`)) as {
    rows: { ms: string }[];
  };
  const ms = Number(result.rows[0]?.ms);
  if (!Number.isFinite(ms)) throw new Error('the database did not tell its time');
  return new Date(ms);
}
