/**
 * Two API processes on one PostgreSQL, each with its catalogue in memory: an admin change made through
 * one reaches the other's public lists through LISTEN/NOTIFY. Runs only against a PostgreSQL server
 * (the API suite's second pass).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminPlatform, AdminStoreItem, Platform, StoreItem } from '@lucky/shared';
import { createPostgresDatabase } from '../../test/harness.js';
import { callServer, freePort, startServerProcess, stopServerProcesses, type ServerProcess } from '../../test/server-process.js';

const API_KEY = 'catalogue-instances-api-key';
const ADMIN = 'admin@lucky.test';

let database: { url: string; drop: () => Promise<void> };
const instances: ServerProcess[] = [];

async function startInstance(): Promise<ServerProcess> {
  const instance = startServerProcess(await freePort(), {
    DATABASE_URL: database.url,
    API_KEY,
    AUTH_DEMO: 'true',
    ADMIN_EMAILS: ADMIN,
    RATE_LIMIT: 'false',
    DEADLINE_SWEEP_SECONDS: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
  });
  instances.push(instance);
  await instance.healthy(60_000);
  return instance;
}

beforeAll(async () => {
  // eslint-disable-next-line no-restricted-properties -- the suite's PostgreSQL server
  database = await createPostgresDatabase(process.env.DATABASE_URL!);
  // Started together: migrations are serialised between them (db/client.ts).
  await Promise.all([startInstance(), startInstance()]);
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(instances);
  await database?.drop();
});

function call<T>(instance: ServerProcess, method: string, url: string, token?: string | null, body?: unknown): Promise<T> {
  return callServer<T>(instance, API_KEY, { method, url, token, body });
}

/** Reads `url` on `instance` until `done` holds; fails after `timeoutMs`. Each try is a real round trip. */
async function readUntil<T>(
  instance: ServerProcess,
  url: string,
  done: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await call<T>(instance, 'GET', url);
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${url} on ${instance.url} still reads ${JSON.stringify(value)}`);
  }
}

it('an admin change through one instance shows in the other’s public lists', async () => {
  const [first, second] = instances as [ServerProcess, ServerProcess];
  const { access_token: token } = await call<{ access_token: string }>(
    first,
    'POST',
    '/auth/api/v1/auth/demo-sign-in',
    undefined,
    {
      user_access_token: ADMIN,
    },
  );
  const platformList = '/platform/api/v1/platform/list?keyword=&is_active=true';
  // Both instances hold the empty catalogue in memory before the change.
  expect(await call<Platform[]>(first, 'GET', platformList)).toEqual([]);
  expect(await call<Platform[]>(second, 'GET', platformList)).toEqual([]);

  const game = await call<AdminPlatform>(first, 'POST', '/platform/api/v1/admin/platform', token, {
    name: 'Liên Quân Mobile',
  });
  await readUntil<Platform[]>(second, platformList, (list) => list.some((p) => p.id === game.id));

  const storeList = `/store/api/v1/store/list?keyword=quan%20huy&store_platform=${game.id}`;
  expect(await call<StoreItem[]>(second, 'GET', storeList)).toEqual([]);
  const item = await call<AdminStoreItem>(first, 'POST', '/store/api/v1/admin/store', token, {
    platform_id: game.id,
    name: 'Gói 100 Quân Huy',
    description: 'Quân Huy',
    price: 20_000,
    raw_price: 25_000,
    coin: 200,
    gift_coin: 10,
  });
  await readUntil<StoreItem[]>(second, storeList, (list) => list.length === 1 && list[0]!.id === item.id);

  await call(first, 'PATCH', `/store/api/v1/admin/store/${item.id}`, token, { price: 18_000 });
  await readUntil<StoreItem[]>(second, storeList, (list) => list[0]?.price === 18_000);

  await call(first, 'PATCH', `/platform/api/v1/admin/platform/${game.id}`, token, { is_active: false });
  await readUntil<Platform[]>(second, platformList, (list) => list.length === 0);
  await readUntil<StoreItem[]>(second, storeList, (list) => list.length === 0);

  // The same list carries the same ETag on every instance, so a cache in front may revalidate against any.
  await call(first, 'PATCH', `/platform/api/v1/admin/platform/${game.id}`, token, { is_active: true });
  await readUntil<Platform[]>(second, platformList, (list) => list.length === 1);
  const tags = await Promise.all(
    instances.map(async (instance) =>
      (await fetch(instance.url + platformList, { headers: { 'x-api-key': API_KEY } })).headers.get('etag'),
    ),
  );
  expect(tags[0]).toBeTruthy();
  expect(tags[1]).toBe(tags[0]);
});

it('an order placed on the other instance is priced, or refused, by the admin’s latest change', async () => {
  const [first, second] = instances as [ServerProcess, ServerProcess];
  const signIn = async (email: string) =>
    (await call<{ access_token: string }>(first, 'POST', '/auth/api/v1/auth/demo-sign-in', undefined, { user_access_token: email }))
      .access_token;
  const admin = await signIn(ADMIN);
  const customer = await signIn('khach.hai.may@lucky.test');
  const game = await call<AdminPlatform>(first, 'POST', '/platform/api/v1/admin/platform', admin, { name: 'Tốc Chiến' });
  const item = await call<AdminStoreItem>(first, 'POST', '/store/api/v1/admin/store', admin, {
    platform_id: game.id,
    name: 'Thẻ Đường Đua',
    description: 'Thẻ mùa',
    price: 50_000,
    raw_price: 60_000,
    coin: 500,
    gift_coin: 20,
  });
  const storeList = `/store/api/v1/store/list?keyword=&store_platform=${game.id}`;
  await readUntil<StoreItem[]>(second, storeList, (list) => list[0]?.price === 50_000);
  const order = {
    order_bank_name: 'Nguyễn Văn Hai',
    order_contact: '0901234567',
    order_account: '',
    order_pass: '',
    order_server: 'Asia',
    order_uid: '123456',
    order_comment: '',
    order_pay_method: 1,
    order_items: [{ id: item.id, quantity: 2 }],
  };
  const place = (body: unknown) =>
    fetch(`${second.url}/order/api/v1/order`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, authorization: customer, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect(await (await place(order)).json()).toMatchObject({ total_price: 100_000, total_gift_coin: 40 });

  await call(first, 'PATCH', `/store/api/v1/admin/store/${item.id}`, admin, { price: 45_000 });
  await readUntil<StoreItem[]>(second, storeList, (list) => list[0]?.price === 45_000);
  expect(await (await place(order)).json()).toMatchObject({ total_price: 90_000 });

  await call(first, 'PATCH', `/store/api/v1/admin/store/${item.id}`, admin, { is_active: false });
  await readUntil<StoreItem[]>(second, storeList, (list) => list.length === 0);
  const refused = await place(order);
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe('Sản phẩm không tồn tại hoặc đã ngừng bán');
});
