/**
 * A demo sign-in of an email whose account another sign-in is creating at that very moment. The one-statement
 * sign-in (repository.ts signInVerifiedEmail) waits for the other's account, and then cannot see it: the
 * statement sees the table as it was when it began. The sign-in must then go the long way and land in that
 * account. Runs only against a PostgreSQL server, where the two truly run at once.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/harness.js';

let test: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  test = await createTestDatabase();
  t = await createTestApp({}, { database: test });
});
afterAll(async () => {
  await t.close();
  await test.close();
});

/** Resolves once some backend of this database waits on a lock; fails after five seconds. */
async function someoneWaitsOnALock(client: pg.Client): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    );
    if (rows[0]!.n > 0) return;
    if (Date.now() > deadline) throw new Error('the sign-in never waited on the account being created');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('signs in to the account another sign-in created while it waited, with tokens that work', async () => {
  const other = new pg.Client({ connectionString: test.url });
  const watcher = new pg.Client({ connectionString: test.url });
  await other.connect();
  await watcher.connect();
  try {
    await other.query('begin');
    const created = await other.query<{ id: string }>(
      "insert into users (email, name, provider, email_verified) values ('cung.luc@lucky.test', 'Cùng Lúc', 'demo', true) returning id",
    );
    const signingIn = t.signIn('cung.luc@lucky.test');
    await someoneWaitsOnALock(watcher);
    await other.query('commit');
    const signedIn = await signingIn;
    expect(signedIn.userId).toBe(created.rows[0]!.id);
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/api/v1/auth/refresh-token',
      payload: { refresh_token: signedIn.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const accounts = await watcher.query<{ n: number }>("select count(*)::int as n from users where email = 'cung.luc@lucky.test'");
    expect(accounts.rows[0]!.n).toBe(1);
  } finally {
    await other.end();
    await watcher.end();
  }
});
