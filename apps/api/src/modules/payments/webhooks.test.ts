/**
 * The bank-feed webhooks end to end, as the providers call them: what the shop's operator would notice —
 * the answer the provider gets, the order's status, paid_at and due_at, the stored transfer, the audit
 * trail, the ledger and the events.
 */
import { DrizzleQueryError, and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, type BankProvider } from '@lucky/shared';
import { auditLog, bankTransfers, coinLedger, events } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, storedOrder as storedOrderRow } from '../../test/fixtures.js';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../test/harness.js';
import { dueAtFor, newOrderCode } from '../orders/service.js';
import { fromSepay, sepayNotification } from './notifications.js';
import * as repo from './repository.js';
import { STUCK_TRANSFER_MS, handleStuckTransfers, receiveUnreadableNotification } from './service.js';
import {
  BANK_FEED_ENV,
  SEPAY_API_KEY,
  SHOP_ACCOUNT,
  deliver,
  newTxId,
  notificationOf,
  post,
  sepayBody,
  signatureOf,
  webhookUrl,
  type TransferSpec,
} from './webhook-fixtures.js';

const PROVIDERS: BankProvider[] = ['sepay', 'casso'];
const ACK = { success: true };

let t: TestApp;
/** An app with neither provider configured. */
let bare: TestApp;
let platformId: number;
let itemId: number;

beforeAll(async () => {
  [t, bare] = await Promise.all([createTestApp(BANK_FEED_ENV), createTestApp()]);
  platformId = (await createPlatform(t.app.ctx.db, { name: 'Liên Quân Thanh Toán' })).id;
  itemId = (await createStoreItem(t.app.ctx.db, platformId, { priceVnd: 50_000 })).id;
});
afterAll(async () => {
  await Promise.all([t?.close(), bare?.close()]);
});

const db = () => t.app.ctx.db;

/** A bank order of 50 000 VND (or `totalVnd`) waiting for its transfer, with a real order code. */
async function newOrder(values: { status?: number; payMethod?: number; totalVnd?: number } = {}) {
  const customer = await createCustomer(db(), t.app.ctx.tokens);
  return createOrder(db(), {
    userId: customer.userId,
    platformId,
    code: newOrderCode(),
    status: values.status ?? 0,
    payMethod: values.payMethod ?? 1,
    lines: [{ storeId: itemId, priceVnd: values.totalVnd ?? 50_000, coinCost: 500, giftCoin: 5 }],
  });
}

async function storedOrder(id: string) {
  const row = await storedOrderRow(db(), id);
  return row!;
}

async function storedTransfer(provider: BankProvider, txId: number) {
  const [row] = await db()
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, String(txId))));
  return row;
}

const statusAudits = (orderId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')))
    .orderBy(asc(auditLog.id));

const eventsOf = (entityId: string) =>
  db().select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id));

/** A time the bank would print: whole seconds. */
const bankTime = (msAgo: number) => new Date(Math.floor((Date.now() - msAgo) / 1000) * 1000);

async function deliverOk(provider: BankProvider, spec: Omit<TransferSpec, 'txId'> & { txId?: number }) {
  const txId = spec.txId ?? newTxId();
  const res = await deliver(t.app, provider, { ...spec, txId });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual(ACK);
  return (await storedTransfer(provider, txId))!;
}

describe.each(PROVIDERS)('%s webhook: matching', (provider) => {
  it('pays an order with the exact amount: 0 → 1, paid_at = bank time, due_at from it (0008), one audit row and events', async () => {
    const order = await newOrder();
    const at = bankTime(3 * 60_000);
    const txId = newTxId();
    const { raw } = notificationOf(provider, { txId, amountVnd: 50_000, memo: `Thanh toan ${order.code}`, at });

    const transfer = await deliverOk(provider, { txId, amountVnd: 50_000, memo: `Thanh toan ${order.code}`, at });

    const paid = await storedOrder(order.id);
    expect(paid.status).toBe(1);
    expect(paid.paidAt).toEqual(at);
    expect(paid.dueAt).toEqual(dueAtFor(at, t.config));
    expect(transfer).toMatchObject({
      status: 'matched',
      reason: '',
      orderId: order.id,
      amountVnd: 50_000,
      excessVnd: 0,
      direction: 'in',
      accountNumber: SHOP_ACCOUNT,
      content: `Thanh toan ${order.code}`,
      transactionAt: at,
      rawBody: raw,
    });
    expect(transfer.handledAt).not.toBeNull();

    const audits = await statusAudits(order.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: null,
      before: { status: 0, due_at: order.dueAt.toISOString() },
      after: {
        status: 1,
        due_at: paid.dueAt.toISOString(),
        transfer_id: transfer.id,
        amount_vnd: 50_000,
        excess_vnd: 0,
      },
    });
    expect(audits[0]!.reason).toMatch(provider === 'sepay' ? /SePay/ : /Casso/);
    // A bank payment moves no coins: gift coins come on completion.
    expect(await db().select().from(coinLedger).where(eq(coinLedger.userId, order.userId))).toEqual([]);
    expect((await eventsOf(order.id)).map((e) => e.cause)).toEqual(['paid']);
    expect((await eventsOf(transfer.id)).map((e) => [e.kind, e.cause, e.userId])).toEqual([
      ['transfer', 'received', null],
    ]);
  });

  it('pays an order with more than its total and records the excess for staff', async () => {
    const order = await newOrder();
    const transfer = await deliverOk(provider, { amountVnd: 70_000, memo: order.code });
    expect((await storedOrder(order.id)).status).toBe(1);
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id, excessVnd: 20_000 });
  });

  it('keeps a transfer below the total unmatched (underpaid); the order waits', async () => {
    const order = await newOrder();
    const transfer = await deliverOk(provider, { amountVnd: 49_999, memo: order.code });
    expect(transfer).toMatchObject({ status: 'unmatched', reason: 'underpaid', orderId: order.id, excessVnd: 0 });
    const waiting = await storedOrder(order.id);
    expect(waiting.status).toBe(0);
    expect(waiting.paidAt).toBeNull();
    expect(await statusAudits(order.id)).toEqual([]);
    expect((await eventsOf(transfer.id)).map((e) => e.cause)).toEqual(['received']);
  });

  it('keeps a transfer whose code names no order (unknown_order), or that has no code (no_code)', async () => {
    const unknown = await deliverOk(provider, { amountVnd: 50_000, memo: `CK ${newOrderCode()}` });
    expect(unknown).toMatchObject({ status: 'unmatched', reason: 'unknown_order', orderId: null });
    const none = await deliverOk(provider, { amountVnd: 50_000, memo: `NGUYEN VAN AN chuyen tien nap game qua ${provider}` });
    expect(none).toMatchObject({ status: 'unmatched', reason: 'no_code', orderId: null });
  });

  const noisy: [string, (code: string) => string][] = [
    ['a bank prefix with dots', (code) => `MBVCB.3278614.${code} chuyen tien`],
    ['lower case split by a space', (code) => `${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`],
    [
      'dashes and a trailing reference',
      (code) => `IBFT ${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6)} FT25074123456`,
    ],
    ['glued to the bank’s digits', (code) => `3278614${code}NGUYEN VAN AN`],
  ];
  it.each(noisy)('finds the code in a noisy memo: %s', async (_name, memo) => {
    const order = await newOrder();
    const transfer = await deliverOk(provider, { amountVnd: 50_000, memo: memo(order.code) });
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id });
    expect((await storedOrder(order.id)).status).toBe(1);
  });

  it('takes the candidate that names an existing order when the memo has several', async () => {
    const order = await newOrder();
    const transfer = await deliverOk(provider, { amountVnd: 50_000, memo: `${newOrderCode()} ${order.code}` });
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id });
  });

  it('ignores money going out, even with an order code', async () => {
    const order = await newOrder();
    const transfer = await deliverOk(provider, { amountVnd: 50_000, memo: order.code, direction: 'out' });
    expect(transfer).toMatchObject({
      status: 'ignored',
      reason: 'outgoing',
      direction: 'out',
      amountVnd: 50_000,
      orderId: null,
    });
    expect((await storedOrder(order.id)).status).toBe(0);
  });

  it("ignores a transfer to another account; accepts the shop's account as the virtual one", async () => {
    const order = await newOrder();
    const elsewhere = await deliverOk(provider, { amountVnd: 50_000, memo: order.code, account: '9999999999' });
    expect(elsewhere).toMatchObject({ status: 'ignored', reason: 'wrong_account', accountNumber: '9999999999' });
    expect((await storedOrder(order.id)).status).toBe(0);

    const virtual = await deliverOk(provider, {
      amountVnd: 50_000,
      memo: order.code,
      account: '9999999999',
      virtualAccount: SHOP_ACCOUNT,
    });
    expect(virtual).toMatchObject({ status: 'matched', orderId: order.id, accountNumber: SHOP_ACCOUNT });
  });

  it('keeps transfers for orders that cannot take them: coin order, already paid, expired or rejected', async () => {
    const cases = [
      { order: await newOrder({ payMethod: 0 }), reason: 'not_bank_order', status: 0 },
      { order: await newOrder({ status: 1 }), reason: 'already_paid', status: 1 },
      { order: await newOrder({ status: 2 }), reason: 'already_paid', status: 2 },
      { order: await newOrder({ status: 3 }), reason: 'order_closed', status: 3 },
    ];
    for (const { order, reason, status } of cases) {
      const transfer = await deliverOk(provider, { amountVnd: 50_000, memo: order.code });
      expect(transfer, reason).toMatchObject({ status: 'unmatched', reason, orderId: order.id });
      expect((await storedOrder(order.id)).status).toBe(status);
      expect(await statusAudits(order.id)).toEqual([]);
    }
  });

  it('caps a bank time in the future at now', async () => {
    const order = await newOrder();
    const before = Date.now();
    await deliverOk(provider, { amountVnd: 50_000, memo: order.code, at: new Date(before + 2 * 60 * 60_000) });
    const paid = await storedOrder(order.id);
    expect(paid.paidAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(paid.paidAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(paid.dueAt).toEqual(dueAtFor(paid.paidAt!, t.config));
  });

  it('promises 16:00 the same day for a payment before 16:00, the next day for one after (0008)', async () => {
    const hour = 60 * 60_000;
    const startOfToday = new Date(dueAtFor(new Date(), { deadlineHour: 0, promiseLeadMinutes: 0 }).getTime() - 24 * hour);
    const startOfYesterday = new Date(startOfToday.getTime() - 24 * hour);
    const deadline = t.config.deadlineHour * hour;
    for (const [paidAfterMidnight, due] of [
      // Paid a minute before the lead time before 16:00 begins (PROMISE_LEAD_MINUTES, decision 0022).
      [deadline - (t.config.promiseLeadMinutes + 1) * 60_000, new Date(startOfYesterday.getTime() + deadline)],
      [deadline + 90 * 60_000, new Date(startOfToday.getTime() + deadline)],
    ] as const) {
      const at = new Date(startOfYesterday.getTime() + paidAfterMidnight);
      const order = await newOrder();
      await deliverOk(provider, { amountVnd: 50_000, memo: order.code, at });
      const paid = await storedOrder(order.id);
      expect(paid.paidAt).toEqual(at);
      expect(paid.dueAt).toEqual(due);
    }
  });
});

describe.each(PROVIDERS)('%s webhook: once and only once', (provider) => {
  it('a delivery replayed 3 times has one effect and three successes', async () => {
    const order = await newOrder();
    const notification = notificationOf(provider, { txId: newTxId(), amountVnd: 50_000, memo: order.code });
    const headers = signatureOf(provider, notification);
    for (let i = 0; i < 3; i++) {
      const res = await post(t.app, provider, notification.raw, headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(ACK);
    }
    expect((await storedOrder(order.id)).status).toBe(1);
    expect(await statusAudits(order.id)).toHaveLength(1);
    expect((await eventsOf(order.id)).map((e) => e.cause)).toEqual(['paid']);
    const rows = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect((await eventsOf(rows[0]!.id)).map((e) => e.cause)).toEqual(['received']);
  });

  it('20 identical deliveries at once: one status move, one audit row, one event each, twenty 200s', async () => {
    const order = await newOrder();
    const notification = notificationOf(provider, { txId: newTxId(), amountVnd: 50_000, memo: order.code });
    const headers = signatureOf(provider, notification);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, provider, notification.raw, headers)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((res) => res.json().success === true)).toBe(true);

    expect((await storedOrder(order.id)).status).toBe(1);
    expect(await statusAudits(order.id)).toHaveLength(1);
    expect((await eventsOf(order.id)).map((e) => e.cause)).toEqual(['paid']);
    const rows = await db().select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id));
    expect(rows.map((row) => row.status)).toEqual(['matched']);
    expect((await eventsOf(rows[0]!.id)).map((e) => e.cause)).toEqual(['received']);
  });

  it('a notification stored but never handled (a crash in between) is handled by the retry', async () => {
    const order = await newOrder();
    const txId = newTxId();
    // What a delivery that died after storing leaves behind: the row, still 'received'.
    const sepay = fromSepay(
      sepayNotification.parse(sepayBody({ txId, amountVnd: 50_000, memo: order.code })),
      SHOP_ACCOUNT,
      new Date(),
    );
    await repo.insertTransfer(db(), { ...sepay, provider, rawBody: '{}' });
    expect((await storedTransfer(provider, txId))!.status).toBe('received');

    const transfer = await deliverOk(provider, { txId, amountVnd: 50_000, memo: order.code });
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id });
    expect((await storedOrder(order.id)).status).toBe(1);
    expect(await statusAudits(order.id)).toHaveLength(1);
  });

  it('a notification stored but never handled, and never retried, is handled by the minute job', async () => {
    const order = await newOrder();
    const txId = newTxId();
    const storedAt = new Date();
    const sepay = fromSepay(sepayNotification.parse(sepayBody({ txId, amountVnd: 50_000, memo: order.code })), SHOP_ACCOUNT, storedAt);
    await repo.insertTransfer(db(), { ...sepay, provider, rawBody: '{}', receivedAt: storedAt });

    // A moment later the provider may still retry: the job leaves it alone.
    expect(await handleStuckTransfers(t.app.ctx, new Date(storedAt.getTime() + 30_000))).toBe(0);
    expect((await storedTransfer(provider, txId))!.status).toBe('received');

    expect(await handleStuckTransfers(t.app.ctx, new Date(storedAt.getTime() + STUCK_TRANSFER_MS + 1000))).toBe(1);
    expect(await storedTransfer(provider, txId)).toMatchObject({ status: 'matched', orderId: order.id });
    expect((await storedOrder(order.id)).status).toBe(1);
    expect(await handleStuckTransfers(t.app.ctx, new Date(storedAt.getTime() + STUCK_TRANSFER_MS + 2000))).toBe(0);
    expect(await statusAudits(order.id)).toHaveLength(1);
  });

  it('answers 5xx when handling fails, changes nothing but the stored row, and the retry handles it', async () => {
    const order = await newOrder();
    const spec = { txId: newTxId(), amountVnd: 50_000, memo: order.code };
    const publish = vi.spyOn(t.app.ctx.events, 'publish').mockRejectedValueOnce(new Error('database went away'));
    try {
      const failed = await deliver(t.app, provider, spec);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 'INTERNAL', message: API_MESSAGES.internal });
    } finally {
      publish.mockRestore();
    }
    expect((await storedTransfer(provider, spec.txId))!.status).toBe('received');
    expect((await storedOrder(order.id)).status).toBe(0);
    expect(await statusAudits(order.id)).toEqual([]);

    const transfer = await deliverOk(provider, spec);
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id });
    expect((await storedOrder(order.id)).status).toBe(1);
  });
  it('answers 5xx when storing fails, stores nothing, and logs the failure without the body', async () => {
    const order = await newOrder();
    const spec = { txId: newTxId(), amountVnd: 50_000, memo: `NGUYEN VAN AN ${order.code}` };
    const raw = notificationOf(provider, spec).raw;
    // What a lost connection looks like through Drizzle: the query's parameters ride in the message.
    const lost = new DrizzleQueryError(
      'insert into "bank_transfers" …',
      [raw],
      new Error('Connection terminated unexpectedly'),
    );
    const insert = vi.spyOn(t.app.ctx.db, 'insert').mockImplementationOnce(() => {
      throw lost;
    });
    const error = vi.spyOn(t.app.log, 'error');
    try {
      const failed = await deliver(t.app, provider, spec);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 'INTERNAL', message: API_MESSAGES.internal });
      expect(error).toHaveBeenCalledTimes(1);
      const logged = JSON.stringify(error.mock.calls, (_key, value: unknown) =>
        value instanceof Error ? { message: value.message } : value,
      );
      expect(logged).toContain('Connection terminated unexpectedly');
      expect(logged).not.toContain('NGUYEN VAN AN');
    } finally {
      insert.mockRestore();
      error.mockRestore();
    }
    expect(await storedTransfer(provider, spec.txId)).toBeUndefined();
    expect((await storedOrder(order.id)).status).toBe(0);
  });
});

describe.each(PROVIDERS)('%s webhook: who may call it', (provider) => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof post>>,
    txId: number,
    message: string = API_MESSAGES.webhookUnauthorized,
  ) {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message });
    expect(await storedTransfer(provider, txId)).toBeUndefined();
  }

  it('refuses a wrong signature and changes nothing', async () => {
    const order = await newOrder();
    const txId = newTxId();
    const notification = notificationOf(provider, { txId, amountVnd: 50_000, memo: order.code });
    await expectRefused(
      await post(
        t.app,
        provider,
        notification.raw,
        signatureOf(provider, notification, { secret: 'not-the-secret-0123456789' }),
      ),
      txId,
    );
    expect((await storedOrder(order.id)).status).toBe(0);
  });

  it('refuses a body changed after signing', async () => {
    const txId = newTxId();
    const notification = notificationOf(provider, { txId, amountVnd: 50_000, memo: 'x' });
    await expectRefused(
      await post(t.app, provider, notification.raw.replace('50000', '5000000'), signatureOf(provider, notification)),
      txId,
    );
  });

  it('refuses a delivery without credentials', async () => {
    const txId = newTxId();
    await expectRefused(
      await post(t.app, provider, notificationOf(provider, { txId, amountVnd: 50_000, memo: 'x' }).raw, {}),
      txId,
    );
  });

  it('refuses a signature more than 5 minutes old', async () => {
    const txId = newTxId();
    const notification = notificationOf(provider, { txId, amountVnd: 50_000, memo: 'x' });
    const old = signatureOf(provider, notification, { at: new Date(Date.now() - 6 * 60_000) });
    await expectRefused(await post(t.app, provider, notification.raw, old), txId, API_MESSAGES.webhookStale);
  });

  it('answers 404 when the provider is not configured', async () => {
    const notification = notificationOf(provider, { txId: newTxId(), amountVnd: 50_000, memo: 'x' });
    const res = await post(bare.app, provider, notification.raw, signatureOf(provider, notification));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.webhookNotConfigured });
  });

  it('needs no x-api-key, and a wrong one changes nothing', async () => {
    const order = await newOrder();
    const notification = notificationOf(provider, { txId: newTxId(), amountVnd: 50_000, memo: order.code });
    const res = await post(t.app, provider, notification.raw, {
      ...signatureOf(provider, notification),
      'x-api-key': 'wrong',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(order.id)).status).toBe(1);
  });

  it('keeps a signed body it cannot read (no amount) as an invalid transfer with its raw body, answers 200, once', async () => {
    const txId = newTxId();
    const body = JSON.parse(notificationOf(provider, { txId, amountVnd: 50_000, memo: 'x' }).raw);
    if (provider === 'sepay') delete body.transferAmount;
    else delete body.data.amount;
    const raw = JSON.stringify(body);
    const res = await post(t.app, provider, raw, signatureOf(provider, { body, raw }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const stored = await storedTransfer(provider, txId);
    expect(stored).toMatchObject({ status: 'invalid', rawBody: raw, reason: provider === 'sepay' ? 'transferAmount' : 'data.amount' });
    // The provider's retry of the same delivery stores nothing more.
    const again = await post(t.app, provider, raw, signatureOf(provider, { body, raw }));
    expect(again.statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(bankTransfers).where(eq(bankTransfers.providerTxId, String(txId)));
    expect(rows.filter((row) => row.provider === provider)).toHaveLength(1);
  });

  it('refuses a body nested deeper than any notification with 400 before any other work, and one over 32 KB with 413', async () => {
    const deep = `${'['.repeat(120_000)}${']'.repeat(120_000)}`;
    const nested = await post(t.app, provider, deep, {});
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ code: 'BAD_JSON' });
    const big = JSON.stringify({ id: 1, padding: 'x'.repeat(33 * 1024) });
    const tooBig = await post(t.app, provider, big, {});
    expect(tooBig.statusCode).toBe(413);
  });
});

describe('sepay webhook specifics', () => {
  it('accepts the API key (Authorization: Apikey …)', async () => {
    const order = await newOrder();
    const txId = newTxId();
    const res = await post(t.app, 'sepay', notificationOf('sepay', { txId, amountVnd: 50_000, memo: order.code }).raw, {
      authorization: `Apikey ${SEPAY_API_KEY}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(order.id)).status).toBe(1);
  });

  it('refuses a wrong API key', async () => {
    const txId = newTxId();
    const res = await post(t.app, 'sepay', notificationOf('sepay', { txId, amountVnd: 50_000, memo: 'x' }).raw, {
      authorization: `Apikey ${SEPAY_API_KEY}0`,
    });
    expect(res.statusCode).toBe(401);
    expect(await storedTransfer('sepay', txId)).toBeUndefined();
  });

  it('accepts JSON sent with a charset, and verifies the signature on the raw text as sent', async () => {
    const order = await newOrder();
    const body = sepayBody({ txId: newTxId(), amountVnd: 50_000, memo: `Nạp game ${order.code}` });
    // Spaced out and with non-ASCII: the signature covers exactly these bytes, not a re-serialisation.
    const raw = JSON.stringify(body, null, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: webhookUrl('sepay'),
      headers: { 'content-type': 'application/json; charset=utf-8', ...signatureOf('sepay', { body, raw }) },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedOrder(order.id)).status).toBe(1);
    expect((await storedTransfer('sepay', body.id))!.rawBody).toBe(raw);
  });

  it("uses SePay's own `code` when the memo lost it", async () => {
    const order = await newOrder();
    const transfer = await deliverOk('sepay', { amountVnd: 50_000, memo: 'chuyen tien', code: order.code });
    expect(transfer).toMatchObject({ status: 'matched', orderId: order.id, providerCode: order.code });
  });

  it('logs one line per handled notification, without the body or a credential', async () => {
    const order = await newOrder();
    const txId = newTxId();
    const info = vi.spyOn(t.app.ctx.log, 'info');
    try {
      await deliverOk('sepay', { txId, amountVnd: 50_000, memo: `NGUYEN VAN AN ${order.code}` });
      const lines = info.mock.calls.filter(
        ([fields]) => typeof fields === 'object' && fields !== null && 'providerTxId' in fields,
      );
      expect(lines).toHaveLength(1);
      expect(lines[0]![0]).toMatchObject({
        provider: 'sepay',
        providerTxId: String(txId),
        outcome: 'matched',
        orderCode: order.code,
      });
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain('NGUYEN VAN AN');
      expect(logged).not.toContain(BANK_FEED_ENV.SEPAY_WEBHOOK_SECRET);
    } finally {
      info.mockRestore();
    }
  });

  it('is listed in the OpenAPI document without the API key requirement', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { 'x-api-key': TEST_API_KEY } });
    const paths = res.json().paths as Record<string, { post?: { security?: unknown[] } }>;
    expect(paths[webhookUrl('sepay')]?.post?.security).toEqual([]);
    expect(paths[webhookUrl('casso')]?.post?.security).toEqual([]);
  });
});

describe('an unreadable notification read again by staff', () => {
  it('pays its order once the shop can read it, and stays as it is while it cannot', async () => {
    const admin = await t.signIn('admin@lucky.test');
    const retry = (id: string) =>
      t.request({ method: 'POST', url: `/payment/api/v1/admin/transfer/${id}/retry`, token: admin.access_token });

    // A body an older version of the shop refused: stored as 'invalid', though it names an order in full.
    const order = await newOrder();
    const txId = newTxId();
    const { raw } = notificationOf('sepay', { txId, amountVnd: 50_000, memo: `CK ${order.code}` });
    await receiveUnreadableNotification(t.app.ctx, 'sepay', raw, 'transferAmount');
    const stored = (await storedTransfer('sepay', txId))!;
    expect(stored).toMatchObject({ status: 'invalid', orderId: null });
    const read = await retry(stored.id);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ status: 'matched', order_code: order.code, amount_vnd: 50_000 });
    expect((await storedOrder(order.id)).status).toBe(1);
    expect((await retry(stored.id)).statusCode).toBe(409);

    // Still unreadable: nothing changes.
    const brokenId = newTxId();
    const broken = JSON.parse(notificationOf('sepay', { txId: brokenId, amountVnd: 10_000, memo: 'x' }).raw);
    delete broken.transferType;
    await receiveUnreadableNotification(t.app.ctx, 'sepay', JSON.stringify(broken), 'transferType');
    const kept = (await storedTransfer('sepay', brokenId))!;
    const again = await retry(kept.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(API_MESSAGES.transferStillInvalid);
    expect((await storedTransfer('sepay', brokenId))!.status).toBe('invalid');
  });
});
