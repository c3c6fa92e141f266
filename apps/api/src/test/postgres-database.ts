/**
 * Throw-away PostgreSQL databases on a server the tests may create databases on (trust auth on this
 * machine): created with a random name, dropped with whatever is still connected to them. Used by the API's
 * tests (test/harness.ts), the benchmarks (bench/server.ts) and the resilience suite
 * (scripts/resilience/harness.ts).
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server at `serverUrl` through a connection of its own. */
async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database name as these helpers make them: nothing to quote or escape. */
const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Drops the database `name` on the server at `serverUrl`, closing its connections; nothing when it is gone. */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  if (!SAFE_NAME.test(name)) throw new Error(`not a test database name: ${name}`);
  await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
}

export interface PostgresDatabase {
  name: string;
  /** The new database's address: the server's, with the database's name. */
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server at `serverUrl`, named `{prefix}_{random}`, and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, prefix = 'lucky_test'): Promise<PostgresDatabase> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  if (!SAFE_NAME.test(name)) throw new Error(`not a test database name: ${name}`);
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropPostgresDatabase(serverUrl, name) };
}
