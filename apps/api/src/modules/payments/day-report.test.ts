/**
 * The day report's identity over a day with every kind of transfer: the money the feeds saw come into the
 * shop's account, each movement once, equals matched + attached + unmatched + invalid; a manual confirmation
 * followed by the real transfer owes nothing and counts once; one without a transfer is flagged and, rejected,
 * owes what staff recorded.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay, type AdminDayReport, type AdminOrderRow, type BankProvider } from '@lucky/shared';
import { bankTransfers } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newOrderCode } from '../orders/service.js';
import { BANK_FEED_ENV, deliver, newTxId, notificationOf, post, signatureOf, type TransferSpec } from './webhook-fixtures.js';

let t: TestApp;
let ownerToken: string;
let platformId: number;
let itemId: number;

beforeAll(async () => {
  t = await createTestApp({ ...BANK_FEED_ENV, ALLOW_LOCAL_DEFAULTS: 'true' });
  ownerToken = (await t.signIn('admin@lucky.test')).access_token;
  platformId = (await createPlatform(t.app.ctx.db, { name: 'Liên Quân Sổ Sách' })).id;
  itemId = (await createStoreItem(t.app.ctx.db, platformId, { priceVnd: 100_000 })).id;
});
afterAll(() => t.close());

async function newOrder(totalVnd = 100_000) {
  const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
  return createOrder(t.app.ctx.db, {
    userId: customer.userId,
    platformId,
    code: newOrderCode(),
    status: 0,
    payMethod: 1,
    lines: [{ storeId: itemId, priceVnd: totalVnd, coinCost: 1_000, giftCoin: 10 }],
  });
}

async function received(spec: Omit<TransferSpec, 'txId'>, provider: BankProvider = 'sepay', txId = newTxId()) {
  const res = await deliver(t.app, provider, { ...spec, txId });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.app.ctx.db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, String(txId))));
  return row!;
}

async function report(day?: string): Promise<AdminDayReport> {
  const res = await t.request({ method: 'GET', url: `/payment/api/v1/admin/report${day ? `?day=${day}` : ''}`, token: ownerToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function patchOrder(id: string, payload: Record<string, unknown>): Promise<AdminOrderRow> {
  const res = await t.request({ method: 'PATCH', url: `/order/api/v1/admin/order/${id}`, token: ownerToken, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the day report', () => {
  it('balances over a day with every kind of transfer, each movement counted once', async () => {
    const at = new Date();
    const paid = await newOrder();
    const attachedOrder = await newOrder();
    const bothFeeds = await newOrder();
    // matched by itself (SePay), and reported again by Casso: one movement, counted once
    const first = await received({ amountVnd: 100_000, memo: `CK ${paid.code}`, at });
    expect(first.status).toBe('matched');
    const twice = await received({ amountVnd: 120_000, memo: `NAP ${bothFeeds.code} lan 1`, at }, 'sepay');
    const again = await received({ amountVnd: 120_000, memo: `NAP ${bothFeeds.code} lan 1`, at }, 'casso');
    expect(twice.status).toBe('matched');
    expect(again).toMatchObject({ status: 'duplicate', duplicateOf: twice.id });
    // unmatched: no code, and underpaid; attached by staff
    await received({ amountVnd: 30_000, memo: 'chuyen tien khong ma', at });
    const short = await received({ amountVnd: 40_000, memo: `CK ${attachedOrder.code}`, at });
    expect(short.status).toBe('unmatched');
    const attach = await t.request({
      method: 'POST',
      url: `/payment/api/v1/admin/transfer/${short.id}/attach`,
      token: ownerToken,
      payload: { order_code: attachedOrder.code, accept_short: true },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    // unreadable: signed, but a body the shop cannot read (no direction): kept as invalid, its amount as far as read
    const unreadable = JSON.parse(notificationOf('sepay', { txId: newTxId(), amountVnd: 15_000, memo: 'x', at }).raw);
    delete unreadable.transferType;
    const rawUnreadable = JSON.stringify(unreadable);
    expect((await post(t.app, 'sepay', rawUnreadable, signatureOf('sepay', { body: unreadable, raw: rawUnreadable }))).statusCode).toBe(200);
    // ignored: money out, and money to another account
    await received({ amountVnd: 70_000, memo: 'rut tien', direction: 'out', at });
    await received({ amountVnd: 90_000, memo: 'tai khoan khac', account: '999888777', at });

    const day = await report();
    expect(day.date).toBe(shopDay(new Date()).date);
    expect(day).toMatchObject({
      received_vnd: 100_000 + 120_000 + 30_000 + 40_000 + 15_000,
      matched_vnd: 220_000,
      attached_vnd: 40_000,
      unmatched_vnd: 30_000,
      invalid_vnd: 15_000,
      ignored_vnd: 160_000,
      duplicate_vnd: 120_000,
      balanced: true,
      difference_vnd: 0,
    });
    expect(day.received_vnd).toBe(day.matched_vnd + day.attached_vnd + day.unmatched_vnd + day.invalid_vnd);
    expect(day.by_provider.sepay.received_vnd + day.by_provider.casso.received_vnd).toBe(day.received_vnd);
    expect(day.by_provider.casso.received_vnd).toBe(0);
    expect(day.orders.bank_paid).toBe(3);
  });

  it('counts a manual confirmation followed by the real transfer once, owing nothing', async () => {
    const before = await report();
    const order = await newOrder(80_000);
    const confirmed = await patchOrder(order.id, { status: 1, received_vnd: 80_000, bank_reference: 'FT999' });
    expect(confirmed).toMatchObject({ received_vnd: 80_000, payment_unverified: true });
    expect((await report()).manual_vnd).toBe(before.manual_vnd + 80_000);

    const feed = await received({ amountVnd: 80_000, memo: `CK ${order.code}` });
    expect(feed).toMatchObject({ status: 'matched', orderId: order.id });
    const after = await report();
    expect(after.manual_vnd).toBe(before.manual_vnd);
    expect(after.manual_verified_vnd).toBe(before.manual_verified_vnd + 80_000);
    expect(after.matched_vnd).toBe(before.matched_vnd + 80_000);
    expect(after.unmatched_vnd).toBe(before.unmatched_vnd);
    expect(after.refunds_owed_vnd).toBe(before.refunds_owed_vnd);
    expect(after.balanced).toBe(true);
    const detail = await t.request({ method: 'GET', url: `/order/api/v1/admin/order/${order.id}`, token: ownerToken });
    expect(detail.json()).toMatchObject({ received_vnd: 80_000, payment_unverified: false });
  });

  it('flags a manual confirmation no transfer backs, and rejected it owes what staff recorded, not the total', async () => {
    const before = await report();
    const order = await newOrder(100_000);
    await patchOrder(order.id, { status: 1, received_vnd: 60_000 });
    const rejected = await patchOrder(order.id, { status: 3, reason: 'Không nhận được tiền' });
    expect(rejected).toMatchObject({ refund_status: 'due', received_vnd: 60_000, refund_vnd: 60_000, payment_unverified: true });
    const after = await report();
    expect(after.refunds_owed_vnd).toBe(before.refunds_owed_vnd + 60_000);
    expect(after.orders.unverified).toBe(before.orders.unverified + 1);
    expect(after.received_vnd).toBe(before.received_vnd);
  });

  it('refuses a day that is not a date, and answers an empty day with zeros', async () => {
    const bad = await t.request({ method: 'GET', url: '/payment/api/v1/admin/report?day=2026-02-30', token: ownerToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ngày không hợp lệ (định dạng YYYY-MM-DD)');
    expect(await report('2020-01-01')).toMatchObject({ received_vnd: 0, balanced: true, difference_vnd: 0 });
  });
});
