/**
 * Several API processes on one PostgreSQL (docs/architecture.md "Processes": stateless instances behind a load
 * balancer). Real processes, real ports: a bank-feed webhook handled by the first instance moves an
 * order that a customer's live stream held by the second sees within a second, through PostgreSQL
 * LISTEN/NOTIFY. Runs only against a PostgreSQL server (the API suite's second pass).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order, Platform, StoreItem } from '@lucky/shared';
import { openStream } from './test/event-stream.js';
import { createPostgresDatabase } from './test/harness.js';
import { callServer, freePort, startServerProcess, stopServerProcesses, type ServerProcess } from './test/server-process.js';

const API_KEY = 'multi-instance-api-key';
const SEPAY_KEY = 'sepay-multi-instance-key-0123456789';
const SHOP_ACCOUNT = '0123456789';

type Instance = ServerProcess;

let database: { url: string; drop: () => Promise<void> };
const instances: Instance[] = [];

/** Starts `src/server.ts` as its own process and waits until it answers /healthz. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const instance = startServerProcess(await freePort(), {
    DATABASE_URL: database.url,
    API_KEY,
    AUTH_DEMO: 'true',
    RATE_LIMIT: 'false',
    DEADLINE_SWEEP_SECONDS: '0',
    LOG_LEVEL: 'warn',
    // A bank feed and a real account belong to a public shop: tried here on one machine beside the local defaults.
    ALLOW_LOCAL_DEFAULTS: 'true',
    SEPAY_API_KEY: SEPAY_KEY,
    BANK_ACCOUNT_NUMBER: SHOP_ACCOUNT,
    ...env,
  });
  instances.push(instance);
  await instance.healthy(60_000);
  return instance;
}

beforeAll(async () => {
  // eslint-disable-next-line no-restricted-properties -- the suite's PostgreSQL server
  database = await createPostgresDatabase(process.env.DATABASE_URL!);
  // The first instance migrates and seeds the demo catalogue; the second finds both done.
  await startInstance({ SEED_DEMO: 'true' });
  await startInstance({ SEED_DEMO: 'false' });
}, 120_000);

afterAll(async () => {
  await stopServerProcesses(instances);
  await database?.drop();
});

function call<T>(instance: Instance, method: string, url: string, token?: string | null, body?: unknown): Promise<T> {
  return callServer<T>(instance, API_KEY, { method, url, token, body });
}

it('a webhook handled by one instance reaches a customer’s stream on another within a second', async () => {
  const [first, second] = instances as [Instance, Instance];
  const { access_token: token } = await call<{ access_token: string }>(
    second,
    'POST',
    '/auth/api/v1/auth/demo-sign-in',
    null,
    {
      user_access_token: 'khach-nhieu-may@lucky.test',
    },
  );
  const platforms = await call<Platform[]>(second, 'GET', '/platform/api/v1/platform/list', null);
  const platform = platforms.find((p) => !p.shop_config.need_login)!;
  const items = await call<StoreItem[]>(second, 'GET', `/store/api/v1/store/list?store_platform=${platform.id}`, null);
  const order = await call<Order>(second, 'POST', '/order/api/v1/order', token, {
    order_items: [{ id: items[0]!.id, quantity: 1 }],
    order_pay_method: 1,
    order_bank_name: 'Nguyễn Văn An',
    order_server: 'Asia',
    order_uid: '123456789',
  });

  const stream = await openStream(`${second.url}/order/api/v1/order/events`, {
    'x-api-key': API_KEY,
    authorization: token,
  });
  expect(stream.status).toBe(200);

  const webhook = await fetch(`${first.url}/payment/api/v1/webhook/sepay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Apikey ${SEPAY_KEY}` },
    body: JSON.stringify({
      id: 90_000_001,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-23 10:15:00',
      accountNumber: SHOP_ACCOUNT,
      code: null,
      content: `MBVCB.3278614.${order.code} chuyen tien`,
      transferType: 'in',
      transferAmount: order.total_price,
      accumulated: 10_000_000,
      subAccount: null,
      referenceCode: 'FT26327000001',
      description: `BankAPINotify MBVCB.3278614.${order.code} chuyen tien`,
    }),
  });
  expect(webhook.status).toBe(200);
  expect(await webhook.json()).toEqual({ success: true });

  // Within one second of the webhook's answer, the other instance's stream shows the order paid.
  const paid = await stream.next(
    (m) => m.event === 'order' && (m.data as Order).id === order.id && (m.data as Order).status === 1,
    1000,
  );
  expect((paid.data as Order).code).toBe(order.code);
  stream.close();
});
