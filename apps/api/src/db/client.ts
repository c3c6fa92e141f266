/**
 * One database handle for both engines (DESIGN.md § Data): the embedded PGlite by default,
 * a real PostgreSQL when DATABASE_URL is set. Code above this file only sees `Db`.
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; it is also a `Db`, so repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Serialises migrations when several API instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_ID = 72_610_001;

export async function openDatabase(config: Pick<Config, 'database' | 'migrationsDir'>): Promise<Database> {
  const { database, migrationsDir } = config;
  if (database.kind === 'pglite') {
    if (database.dataDir) await fs.mkdir(database.dataDir, { recursive: true });
    const client = database.dataDir ? new PGlite(database.dataDir) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: migrationsDir });
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }

  const pool = new pg.Pool({ connectionString: database.url, max: database.poolMax });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsDir });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
  const db = drizzlePg(pool, { schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
