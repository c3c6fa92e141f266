/**
 * Two API instances on one PostgreSQL pull the bank feeds once between them (pull-lock.ts): each instance
 * here is an app with its own connection pool on the same database, as two processes would be, so only
 * the database's advisory lock stands between them. Runs only against a PostgreSQL server.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { startSepayStandIn, type SepayStandIn } from '../../test/bank-feed-stand-ins.js';
import { createPostgresDatabase, createTestApp, testConfig, type TestApp } from '../../test/harness.js';
import { pullBankFeeds } from './service.js';
import { SHOP_ACCOUNT, newTxId } from './webhook-fixtures.js';

let sepay: SepayStandIn;
let server: { url: string; drop: () => Promise<void> };
const databases: Database[] = [];
const instances: TestApp[] = [];

beforeAll(async () => {
  sepay = await startSepayStandIn(SHOP_ACCOUNT);
  // eslint-disable-next-line no-restricted-properties -- the suite's PostgreSQL server
  server = await createPostgresDatabase(process.env.DATABASE_URL!);
  for (let i = 0; i < 2; i += 1) {
    const database = await openDatabase(testConfig({}, server.url));
    databases.push(database);
    instances.push(
      await createTestApp(
        { ALLOW_LOCAL_DEFAULTS: 'true', BANK_ACCOUNT_NUMBER: SHOP_ACCOUNT, ...sepay.env },
        { database: { database, url: server.url, close: async () => {} } },
      ),
    );
  }
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await Promise.all(databases.map((database) => database.close()));
  await server?.drop();
  await sepay?.close();
});

/** Sessions waiting for an advisory lock on the shop's database. */
async function waitingForTheLock(instance: TestApp): Promise<number> {
  const result = (await instance.app.ctx.db.execute(
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

it('pulls once when both instances’ rounds come at the same time: the second skips its round', async () => {
  const [first, second] = instances as [TestApp, TestApp];
  sepay.add({ id: newTxId(), amountVnd: 50_000, memo: 'chuyen tien' });
  const before = sepay.requests.length;
  const hold = sepay.hold();

  const pulling = pullBankFeeds(first.app.ctx, { wait: false });
  await sepay.received(before + 1);
  // The first instance holds the lock while it waits for SePay.
  expect(await pullBankFeeds(second.app.ctx, { wait: false })).toBeNull();
  hold.release();

  expect(await pulling).toEqual({ sepay: { fetched: 1, new: 1 } });
  expect(sepay.requests).toHaveLength(before + 1);
});

it('lets staff’s ‘Đối soát ngay’ on one instance wait for the other’s pull, then pull itself', async () => {
  const [first, second] = instances as [TestApp, TestApp];
  const admin = (await second.signIn('admin@lucky.test')).access_token;
  sepay.add({ id: newTxId(), amountVnd: 70_000, memo: 'chuyen tien lan hai' });
  const before = sepay.requests.length;
  const hold = sepay.hold();

  const pulling = pullBankFeeds(first.app.ctx, { wait: false });
  await sepay.received(before + 1);
  const pressed = second.request({ method: 'POST', url: '/payment/api/v1/admin/reconcile', token: admin });
  await vi.waitFor(async () => expect(await waitingForTheLock(first)).toBe(1), { timeout: 10_000, interval: 50 });
  expect(sepay.requests).toHaveLength(before + 1);
  hold.release();

  expect(await pulling).toEqual({ sepay: { fetched: 2, new: 1 } });
  const res = await pressed;
  expect(res.statusCode, res.body).toBe(200);
  // It pulled after the other instance: the same rows, none of them new any more.
  expect(res.json()).toEqual({ sepay: { fetched: 2, new: 0 } });
  expect(sepay.requests).toHaveLength(before + 2);
});
