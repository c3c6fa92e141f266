/**
 * How many index entries a table's indexes have handed out in the current transaction (PostgreSQL's own counters,
 * the same on PGlite): what a test reads to hold a query to the rows it needs, whatever plan PostgreSQL keeps.
 * Call it before and after the work, inside one transaction, and compare.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export async function indexEntriesRead(tx: Db, table: string): Promise<number> {
  // Both drivers answer a raw statement with `rows`.
  const result = (await tx.execute(sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int as n
    from pg_index where indrelid = ${table}::regclass`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
}
