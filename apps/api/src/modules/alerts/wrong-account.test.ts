/**
 * Transfers to an account that is not the shop's: staff are told once per account — not once per transfer,
 * not once per instance, not again after a restart (wrong-account.ts). Two API instances share one database
 * here, each with its own Telegram stand-in, as two processes behind a load balancer would.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bankTransfers } from '../../db/schema.js';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/harness.js';
import { startTelegramStandIn, type TelegramStandIn } from '../../test/provider-stand-ins.js';
import { BANK_FEED_ENV, SHOP_ACCOUNT, deliver, newTxId } from '../payments/webhook-fixtures.js';

let database: TestDatabase;
let telegram: TelegramStandIn;
const apps: TestApp[] = [];

async function instance(): Promise<TestApp> {
  const app = await createTestApp({ ...telegram.env, ...BANK_FEED_ENV }, { database });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  telegram = await startTelegramStandIn();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  await telegram?.close();
});

/**
 * A transfer the bank feed reports to `account`, delivered to `app`; resolves once `app` has heard of it (on
 * PostgreSQL the event arrives by NOTIFY after the answer) and its alerts are done.
 */
async function transferTo(app: TestApp, account: string, amountVnd = 200_000) {
  const txId = newTxId();
  const heard: string[] = [];
  const off = app.app.ctx.events.subscribe((event) => {
    if (event.kind === 'transfer' && event.cause === 'received') heard.push(event.entityId);
  });
  try {
    const res = await deliver(app.app, 'sepay', { txId, amountVnd, memo: 'chuyen tien', account });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.app.ctx.db
      .select({ id: bankTransfers.id })
      .from(bankTransfers)
      .where(eq(bankTransfers.providerTxId, String(txId)));
    await vi.waitFor(() => expect(heard).toContain(row!.id));
  } finally {
    off();
  }
  await app.app.alerts.idle();
}

const alertsAbout = (account: string) =>
  telegram.messages.filter((message) => message.text.includes(`tài khoản ${account},`));

describe('a transfer to an account that is not the shop’s', () => {
  it('alerts staff once per account, across transfers, instances and a restart', async () => {
    const [first, second] = [await instance(), await instance()];
    await transferTo(first, '9999000011');
    await transferTo(first, '9999000011', 50_000);
    await transferTo(second, '9999000011');
    expect(alertsAbout('9999000011').map((message) => message.text)).toEqual([
      '🏦 Giao dịch 200.000 VNĐ được báo về tài khoản 9999000011, không phải tài khoản của shop (BANK_ACCOUNT_NUMBER). ' +
        'Kiểm tra cài đặt này và tài khoản khai với bên báo giao dịch; các giao dịch sau về tài khoản này sẽ không được báo lại.',
    ]);

    // The shop restarts: the account is remembered in the database.
    await first.close();
    const restarted = await instance();
    await transferTo(restarted, '9999000011');
    expect(alertsAbout('9999000011')).toHaveLength(1);

    // Another wrong account is another alert.
    await transferTo(restarted, '8888000022');
    expect(alertsAbout('8888000022')).toHaveLength(1);
  });

  it('alerts once when two instances hear of the same new account at the same moment', async () => {
    const [a, b] = [await instance(), await instance()];
    await Promise.all([transferTo(a, '7777000033'), transferTo(b, '7777000033'), transferTo(a, '7777000033')]);
    expect(alertsAbout('7777000033')).toHaveLength(1);
  });

  it('says nothing of a transfer to the shop’s own account that needs nobody', async () => {
    const app = await instance();
    const before = telegram.messages.length;
    await transferTo(app, SHOP_ACCOUNT);
    expect(telegram.messages.slice(before).filter((message) => message.text.startsWith('🏦'))).toEqual([]);
  });
});
