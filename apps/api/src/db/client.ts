/**
 * One database handle for both engines (docs/architecture.md "Processes"): the embedded PGlite by default,
 * a real PostgreSQL when DATABASE_URL is set. Code above this file only sees `Db`.
 */
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
// The trigram indexes of the console's search (migration 0004); PostgreSQL has pg_trgm in contrib.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config.js';
import { trackTransactions } from './after-commit.js';
import { lockDataDir } from './data-dir-lock.js';
import { NamedStatementClient } from './named-statements.js';
import { shopTimeZoneFunction } from './shop-time-zone.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle; it is also a `Db`, so repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Receives NOTIFY payloads on a channel until the returned function is called. PostgreSQL: a dedicated
   * connection, re-opened after a loss (`onReconnect` then runs, since notifications sent meanwhile are
   * gone); PGlite: in-process.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Notifies every listener on a channel, outside any transaction (decision 0028). PostgreSQL: a NOTIFY in a
   * transaction of its own, whose commit does not wait for the disk (a notification is a hint about rows committed
   * already); PGlite: handed to this process's listeners directly.
   */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** How long a lost LISTEN connection waits before trying again, at most. */
const LISTEN_RETRY_MAX_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). When it breaks
 * (server restart, network), it is re-opened with backoff and `onReconnect` lets the caller catch up.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = 250;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => reconnect());
    next.on('end', () => reconnect());
    await next.connect();
    await next.query(`listen "${channel.replaceAll('"', '')}"`);
    client = next;
    retryMs = 250;
  };
  const reconnect = () => {
    if (stopped || timer) return;
    const broken = client;
    client = null;
    broken?.removeAllListeners();
    void broken?.end().catch(() => {});
    timer = setTimeout(() => {
      timer = null;
      connect().then(
        () => onReconnect?.(),
        () => {
          retryMs = Math.min(retryMs * 2, LISTEN_RETRY_MAX_MS);
          reconnect();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    current?.removeAllListeners();
    await current?.end().catch(() => {});
  };
}

/**
 * PGlite's postgresql.conf, written at every start. PostgreSQL's default 128 MB of shared buffers is sized
 * for a server with many connections; PGlite is one connection inside the shop's own process, and its
 * files are read through the operating system's page cache anyway. 16 MB keeps about 120 MB off the
 * process's resident memory at no measured cost to the shop's reads or placement (docs/decisions/0016, 0019).
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/** Serialises migrations when several API instances start at once on one PostgreSQL. */
const MIGRATION_LOCK_ID = 72_610_001;

export async function openDatabase(config: Pick<Config, 'database' | 'migrationsDir'>): Promise<Database> {
  const { database, migrationsDir } = config;
  if (database.kind === 'pglite') {
    // One process per data folder (db/data-dir-lock.ts): taken before PGlite touches the folder.
    const lock = database.dataDir ? lockDataDir(database.dataDir) : null;
    try {
      if (database.dataDir) await fs.mkdir(database.dataDir, { recursive: true });
      // Options in one object: PGlite ignores a second argument when the first (the folder) is undefined.
      const client = new PGlite({ dataDir: database.dataDir ?? undefined, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm } });
      const db = drizzlePglite(client, { schema });
      /** The listeners of notify(), by channel: one process, so no round trip through the database. */
      const direct = new Map<string, Set<(payload: string) => void>>();
      await client.exec(shopTimeZoneFunction());
      await migratePglite(db, { migrationsFolder: migrationsDir });
      return {
        db: trackTransactions(db as unknown as Db),
        kind: 'pglite',
        async listen(channel, onPayload) {
          // NOTIFYs sent in SQL (a transaction's, delivered at its commit) and notify() calls alike.
          const handlers = direct.get(channel) ?? new Set();
          direct.set(channel, handlers);
          handlers.add(onPayload);
          const unlisten = await client.listen(channel, onPayload);
          return async () => {
            handlers.delete(onPayload);
            await unlisten();
          };
        },
        async notify(channel, payload) {
          // Delivered after the caller's turn, as a notification from the database would be.
          await Promise.resolve();
          for (const handler of direct.get(channel) ?? []) handler(payload);
        },
        close: async () => {
          try {
            await client.close();
          } finally {
            lock?.release();
          }
        },
      };
    } catch (error) {
      lock?.release();
      throw error;
    }
  }

  // Each statement is parsed once per connection (db/named-statements.ts).
  const pool = new pg.Pool({ connectionString: database.url, max: database.poolMax, Client: NamedStatementClient });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await conn.query(shopTimeZoneFunction());
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsDir });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    conn.release();
  }
  const db = drizzlePg(pool, { schema });
  return {
    db: trackTransactions(db as unknown as Db),
    kind: 'postgres',
    listen: (channel, onPayload, onReconnect) => listenPostgres(database.url, channel, onPayload, onReconnect),
    async notify(channel, payload) {
      await pool.query("select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)", [channel, payload]);
    },
    close: () => pool.end(),
  };
}
