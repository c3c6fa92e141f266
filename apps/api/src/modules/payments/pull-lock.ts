/**
 * One pull of the bank feeds at a time, across every API instance on one database. On PostgreSQL a
 * session advisory lock, held by a connection of its own for the pull's length (so the pull's own queries
 * use the pool as usual, and a pool of one cannot deadlock against it); it goes with the connection if
 * the process dies. PGlite serves one process (db/data-dir-lock.ts), so a lock in the process is enough;
 * PostgreSQL instances take that one too, so one process never opens two lock connections.
 */
import pg from 'pg';
import type { AppContext } from '../../context.js';
import { conflict } from '../../lib/app-error.js';
import { API_MESSAGES } from '@lucky/shared';

/** Beside db/client.ts's migration lock (72 610 001). */
const PULL_LOCK_ID = 72_610_002;
/** How long an on-demand pull waits for another instance's pull to end. */
const WAIT_MS = 60_000;

/** The pull under way in this process, per database. */
const running = new WeakMap<object, Promise<unknown>>();

export type Locked<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `pull` holding the lock. `wait: false` (the periodic job): when another pull holds it, nothing runs.
 * `wait: true` (staff's 'Đối soát ngay'): waits for it, up to a minute (then 409).
 */
export async function withPullLock<T>(ctx: AppContext, wait: boolean, pull: () => Promise<T>): Promise<Locked<T>> {
  const key = ctx.db;
  for (;;) {
    const current = running.get(key);
    if (!current) break;
    if (!wait) return { ran: false };
    await current.catch(() => {});
  }
  const task = (async (): Promise<Locked<T>> => {
    const database = ctx.config.database;
    if (database.kind !== 'postgres') return { ran: true, value: await pull() };
    return withAdvisoryLock(database.url, wait, pull);
  })();
  running.set(key, task);
  try {
    return await task;
  } finally {
    if (running.get(key) === task) running.delete(key);
  }
}

async function withAdvisoryLock<T>(url: string, wait: boolean, pull: () => Promise<T>): Promise<Locked<T>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A lost lock connection ends its session, and the lock with it; the pull under way finishes regardless
  // (every row it stores is deduplicated, so a second pull meanwhile does no harm).
  client.on('error', () => {});
  await client.connect();
  try {
    if (wait) {
      await client.query(`set lock_timeout = ${WAIT_MS}`);
      try {
        await client.query('select pg_advisory_lock($1)', [PULL_LOCK_ID]);
      } catch (error) {
        if ((error as { code?: string }).code === '55P03') throw conflict(API_MESSAGES.reconcileBusy);
        throw error;
      }
    } else {
      const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [PULL_LOCK_ID]);
      if (!rows[0]?.got) return { ran: false };
    }
    return { ran: true, value: await pull() };
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}
