/**
 * What a piece of work read of a table, from PostgreSQL's own counters (the same on PGlite): the index entries its
 * indexes handed out and the sequential scans started. What a test reads to hold a query to the rows it needs,
 * whatever plan PostgreSQL keeps. The counters are the transaction's, so `tx` must be a transaction and the work must
 * run in it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

async function counters(tx: Db, table: string): Promise<{ entries: number; scans: number }> {
  // Both drivers answer a raw statement with `rows`.
  const result = (await tx.execute(sql`select
      (select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int from pg_index where indrelid = ${table}::regclass) as entries,
      pg_stat_get_xact_numscans(${table}::regclass)::int as scans`)) as unknown as {
    rows: { entries: number; scans: number }[];
  };
  const row = result.rows[0]!;
  return { entries: Number(row.entries), scans: Number(row.scans) };
}

export async function readsOf<T>(
  tx: Db,
  table: string,
  work: () => Promise<T>,
): Promise<{ value: T; indexEntries: number; sequentialScans: number }> {
  const before = await counters(tx, table);
  const value = await work();
  const after = await counters(tx, table);
  return { value, indexEntries: after.entries - before.entries, sequentialScans: after.scans - before.scans };
}
