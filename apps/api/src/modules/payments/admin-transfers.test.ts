/**
 * Staff and the bank transfers: the list, today's totals, attaching an unmatched transfer to an order
 * and recording money sent back — what the console shows and what changes behind it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  shopDay,
  API_MESSAGES,
  type AdminTransfer,
  type AdminTransferList,
  type AdminTransferTotals,
  type BankProvider,
} from '@lucky/shared';
import { auditLog, bankTransfers, events } from '../../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, storedOrder, updateStoredOrder } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { dueAtFor, newOrderCode } from '../orders/service.js';
import { BANK_FEED_ENV, deliver, newTxId, type TransferSpec } from './webhook-fixtures.js';

const BASE = '/payment/api/v1/admin/transfer';

interface Setup {
  t: TestApp;
  adminToken: string;
  adminId: string;
  customerToken: string;
  platformId: number;
  itemId: number;
}

async function setUp(): Promise<Setup> {
  const t = await createTestApp(BANK_FEED_ENV);
  const admin = await t.signIn('admin@lucky.test');
  const customer = await t.signIn('khach@lucky.test');
  const platformId = (await createPlatform(t.app.ctx.db, { name: 'Liên Quân Đối Soát' })).id;
  const itemId = (await createStoreItem(t.app.ctx.db, platformId, { priceVnd: 50_000 })).id;
  return {
    t,
    adminToken: admin.access_token,
    adminId: admin.userId,
    customerToken: customer.access_token,
    platformId,
    itemId,
  };
}

/** Helpers bound to one app. */
function helpers(s: Setup) {
  const db = () => s.t.app.ctx.db;
  return {
    db,
    async newOrder(values: { status?: number; payMethod?: number; totalVnd?: number } = {}) {
      const customer = await createCustomer(db(), s.t.app.ctx.tokens);
      return createOrder(db(), {
        userId: customer.userId,
        platformId: s.platformId,
        code: newOrderCode(),
        status: values.status ?? 0,
        payMethod: values.payMethod ?? 1,
        lines: [{ storeId: s.itemId, priceVnd: values.totalVnd ?? 50_000, coinCost: 500, giftCoin: 5 }],
      });
    },
    /** Delivers a transfer through the webhook and returns its stored row. */
    async received(spec: Omit<TransferSpec, 'txId'>, provider: BankProvider = 'sepay') {
      const txId = newTxId();
      const res = await deliver(s.t.app, provider, { ...spec, txId });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await db()
        .select()
        .from(bankTransfers)
        .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, String(txId))));
      return row!;
    },
    async storedOrder(id: string) {
      const row = await storedOrder(db(), id);
      return row!;
    },
    async storedTransfer(id: string) {
      const [row] = await db().select().from(bankTransfers).where(eq(bankTransfers.id, id));
      return row!;
    },
    audits: (entityId: string, action: string) =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)))
        .orderBy(asc(auditLog.id)),
    causes: async (entityId: string) =>
      (await db().select().from(events).where(eq(events.entityId, entityId)).orderBy(asc(events.id))).map(
        (e) => e.cause,
      ),
    attach: (id: string, payload: Record<string, unknown>, token: string | null = s.adminToken) =>
      s.t.request({ method: 'POST', url: `${BASE}/${id}/attach`, payload, token }),
    refund: (id: string, payload: Record<string, unknown> = {}, token: string | null = s.adminToken) =>
      s.t.request({ method: 'POST', url: `${BASE}/${id}/refund`, payload, token }),
    async list(query: string): Promise<AdminTransferList> {
      const res = await s.t.request({ method: 'GET', url: `${BASE}/list${query}`, token: s.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
    async totals(): Promise<AdminTransferTotals> {
      const res = await s.t.request({ method: 'GET', url: `${BASE}/totals`, token: s.adminToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}

let s: Setup;
let h: ReturnType<typeof helpers>;

beforeAll(async () => {
  s = await setUp();
  h = helpers(s);
});
afterAll(async () => {
  await s?.t.close();
});

function expectConflict(res: { statusCode: number; json(): unknown }, message: string, code = 'CONFLICT') {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code, message });
}

describe('POST …/transfer/{id}/attach', () => {
  it('pays the order with an unmatched transfer: 0 → 1 by the admin, paid_at = now, audited, announced', async () => {
    const order = await h.newOrder();
    const transfer = await h.received({ amountVnd: 50_000, memo: 'NGUYEN VAN AN chuyen tien' });
    expect(transfer).toMatchObject({ status: 'unmatched', reason: 'no_code' });

    const before = Date.now();
    const res = await h.attach(transfer.id, {
      order_code: ` ${order.code.toLowerCase()} `,
      note: 'Khách gọi điện xác nhận',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: transfer.id,
      status: 'attached',
      reason: '',
      order_id: order.id,
      order_code: order.code,
      excess_vnd: 0,
      excess_refunded_at: null,
    } satisfies Partial<AdminTransfer>);

    const paid = await h.storedOrder(order.id);
    expect(paid.status).toBe(1);
    // Confirmed by hand: the promise runs from the confirmation (0008), the bank's time is in the audit.
    expect(paid.paidAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(paid.paidAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(paid.dueAt).toEqual(dueAtFor(paid.paidAt!, s.t.config));

    const [move] = await h.audits(order.id, 'order.status');
    expect(move).toMatchObject({
      actorId: s.adminId,
      before: { status: 0 },
      after: {
        status: 1,
        transfer_id: transfer.id,
        amount_vnd: 50_000,
        transaction_at: transfer.transactionAt.toISOString(),
      },
      reason: 'Khách gọi điện xác nhận',
    });
    const [attach] = await h.audits(transfer.id, 'transfer.attach');
    expect(attach).toMatchObject({
      actorId: s.adminId,
      entity: 'transfer',
      before: { status: 'unmatched', reason: 'no_code' },
      after: { status: 'attached', order_id: order.id, order_code: order.code, excess_vnd: 0, accept_short: false },
    });
    expect(await h.causes(transfer.id)).toEqual(['received', 'attached']);
    expect(await h.causes(order.id)).toEqual(['paid']);
  });

  it('records the excess of a transfer above the total', async () => {
    const order = await h.newOrder();
    const transfer = await h.received({ amountVnd: 80_000, memo: 'chuyen tien' });
    const res = await h.attach(transfer.id, { order_code: order.code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'attached', excess_vnd: 30_000 });
    expect((await h.storedTransfer(transfer.id)).excessVnd).toBe(30_000);
  });

  it('asks before attaching a transfer below the total (TRANSFER_SHORT), then attaches it with accept_short', async () => {
    const order = await h.newOrder();
    const transfer = await h.received({ amountVnd: 30_000, memo: order.code });
    expect(transfer).toMatchObject({ status: 'unmatched', reason: 'underpaid', orderId: order.id });

    const asked = await h.attach(transfer.id, { order_code: order.code });
    expectConflict(asked, API_MESSAGES.transferShort('30.000 VNĐ', '50.000 VNĐ'), 'TRANSFER_SHORT');
    expect((await h.storedOrder(order.id)).status).toBe(0);
    expect((await h.storedTransfer(transfer.id)).status).toBe('unmatched');
    expect(await h.audits(transfer.id, 'transfer.attach')).toEqual([]);

    const res = await h.attach(transfer.id, {
      order_code: order.code,
      accept_short: true,
      note: 'Khách chuyển thiếu, shop chịu',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'attached', order_id: order.id, excess_vnd: 0 });
    expect((await h.storedOrder(order.id)).status).toBe(1);
    const [attach] = await h.audits(transfer.id, 'transfer.attach');
    expect(attach).toMatchObject({
      after: { accept_short: true, amount_vnd: 30_000, order_total_vnd: 50_000 },
      reason: 'Khách chuyển thiếu, shop chịu',
    });
  });

  it('answers 409 for a transfer that is not unmatched (matched, attached, ignored, refunded)', async () => {
    const paidOrder = await h.newOrder();
    const matched = await h.received({ amountVnd: 50_000, memo: paidOrder.code });
    const ignored = await h.received({ amountVnd: 50_000, memo: 'rut tien', direction: 'out' });
    const refunded = await h.received({ amountVnd: 50_000, memo: 'nham' });
    expect((await h.refund(refunded.id)).statusCode).toBe(200);
    const order = await h.newOrder();
    for (const transfer of [matched, ignored, refunded]) {
      expectConflict(await h.attach(transfer.id, { order_code: order.code }), API_MESSAGES.transferNotOpen);
    }
    expect((await h.storedOrder(order.id)).status).toBe(0);
  });

  it('answers 404 for an unknown order code and 409 for an order that is not an unpaid bank order', async () => {
    const transfer = await h.received({ amountVnd: 50_000, memo: 'khong ma' });
    const unknown = await h.attach(transfer.id, { order_code: newOrderCode() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.orderNotFound });
    for (const values of [{ status: 1 }, { status: 3 }, { payMethod: 0 }]) {
      const order = await h.newOrder(values);
      expectConflict(await h.attach(transfer.id, { order_code: order.code }), API_MESSAGES.transferOrderNotPayable);
    }
    expect((await h.storedTransfer(transfer.id)).status).toBe('unmatched');
  });

  it('answers 404 for a transfer that does not exist or a malformed id, and 400 without an order code', async () => {
    for (const id of ['5b0f6a8e-1d3c-4c1e-9a51-2f5d8b7c6e4a', 'not-an-id']) {
      const res = await h.attach(id, { order_code: 'LK9DMV6AQC' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.transferNotFound });
    }
    const transfer = await h.received({ amountVnd: 50_000, memo: 'khong ma' });
    const empty = await h.attach(transfer.id, { order_code: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', message: API_MESSAGES.orderCodeRequired });
  });
});

describe('POST …/transfer/{id}/refund', () => {
  it('marks an unmatched transfer refunded, audited with the note, announced; a second time is 409', async () => {
    const transfer = await h.received({ amountVnd: 25_000, memo: 'chuyen nham' });
    const res = await h.refund(transfer.id, { note: 'Đã chuyển trả qua VCB' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: transfer.id, status: 'refunded', amount_vnd: 25_000 });
    const [audit] = await h.audits(transfer.id, 'transfer.refund');
    expect(audit).toMatchObject({
      actorId: s.adminId,
      before: { status: 'unmatched', reason: 'no_code' },
      after: { status: 'refunded', amount_vnd: 25_000 },
      reason: 'Đã chuyển trả qua VCB',
    });
    expect(await h.causes(transfer.id)).toEqual(['received', 'refunded']);
    expectConflict(await h.refund(transfer.id), API_MESSAGES.transferNotOpen);
  });

  it("records an overpayment's excess as sent back, once", async () => {
    const order = await h.newOrder();
    const transfer = await h.received({ amountVnd: 65_000, memo: order.code });
    expect(transfer).toMatchObject({ status: 'matched', excessVnd: 15_000 });
    const res = await h.refund(transfer.id, { note: 'Trả 15.000 tiền thừa' });
    expect(res.statusCode, res.body).toBe(200);
    const answer: AdminTransfer = res.json();
    expect(answer).toMatchObject({ status: 'matched', excess_vnd: 15_000 });
    expect(answer.excess_refunded_at).not.toBeNull();
    const [audit] = await h.audits(transfer.id, 'transfer.refund_excess');
    expect(audit).toMatchObject({ actorId: s.adminId, after: { amount_vnd: 15_000 }, reason: 'Trả 15.000 tiền thừa' });
    expectConflict(await h.refund(transfer.id), API_MESSAGES.transferNotOpen);
    expect((await h.storedOrder(order.id)).status).toBe(1);
  });

  it('answers 409 when nothing is owed (matched exactly, ignored) and 404 for a malformed id', async () => {
    const order = await h.newOrder();
    const exact = await h.received({ amountVnd: 50_000, memo: order.code });
    const ignored = await h.received({ amountVnd: 50_000, memo: 'x', account: '111222333' });
    for (const transfer of [exact, ignored]) expectConflict(await h.refund(transfer.id), API_MESSAGES.transferNotOpen);
    const res = await h.refund('12345');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: API_MESSAGES.transferNotFound });
  });
});

describe('GET …/transfer/list', () => {
  it('lists newest received first, filters by status, and finds by memo, reference, order code or amount', async () => {
    const order = await h.newOrder({ totalVnd: 123_000 });
    const matched = await h.received({ amountVnd: 123_000, memo: `MBVCB.111.${order.code} nap game` });
    const oddAmount = await h.received({ amountVnd: 4_321_000, memo: 'ung ho shop cafe' });

    const all = await h.list('?limit=50');
    const received = all.rows.map((r) => r.received_at);
    expect(received).toEqual([...received].sort().reverse());
    expect(all.rows[0]!.received_at >= oddAmount.receivedAt.toISOString()).toBe(true);
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([matched.id, oddAmount.id]));
    expect(all.total).toBeGreaterThanOrEqual(2);

    expect((await h.list('?q=cafe')).rows.map((r) => r.id)).toEqual([oddAmount.id]);
    expect((await h.list(`?q=${encodeURIComponent(matched.reference)}`)).rows.map((r) => r.id)).toEqual([matched.id]);
    expect((await h.list(`?q=${order.code.toLowerCase()}`)).rows.map((r) => r.id)).toEqual([matched.id]);
    expect((await h.list(`?q=${encodeURIComponent('4.321.000')}`)).rows.map((r) => r.id)).toEqual([oddAmount.id]);
    expect((await h.list('?q=4321000')).rows.map((r) => r.id)).toEqual([oddAmount.id]);

    const onlyMatched = await h.list('?status=matched&limit=50');
    expect(onlyMatched.rows.every((r) => r.status === 'matched')).toBe(true);
    expect(onlyMatched.rows.map((r) => r.id)).toContain(matched.id);
    expect(onlyMatched.rows.find((r) => r.id === matched.id)).toMatchObject({
      order_code: order.code,
      order_id: order.id,
    });

    const page = await h.list('?limit=1&page=2');
    expect(page.rows.map((r) => r.id)).toEqual([all.rows[1]!.id]);
    expect(page.total).toBe(all.total);
  });

  it('refuses an unknown status with 400', async () => {
    const res = await s.t.request({ method: 'GET', url: `${BASE}/list?status=paid`, token: s.adminToken });
    expect(res.statusCode).toBe(400);
  });
});

describe('who may use the staff routes', () => {
  const routes = () => [
    { method: 'GET' as const, url: `${BASE}/list` },
    { method: 'GET' as const, url: `${BASE}/totals` },
    {
      method: 'POST' as const,
      url: `${BASE}/5b0f6a8e-1d3c-4c1e-9a51-2f5d8b7c6e4a/attach`,
      payload: { order_code: 'LK9DMV6AQC' },
    },
    { method: 'POST' as const, url: `${BASE}/5b0f6a8e-1d3c-4c1e-9a51-2f5d8b7c6e4a/refund`, payload: {} },
  ];

  it('answers 401 to an anonymous caller, 403 to a customer, 401 without the API key', async () => {
    for (const route of routes()) {
      const anonymous = await s.t.request({ ...route, token: null });
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json()).toEqual({ code: 'UNAUTHENTICATED', message: API_MESSAGES.signInRequired });
      const customer = await s.t.request({ ...route, token: s.customerToken });
      expect(customer.statusCode, route.url).toBe(403);
      expect(customer.json()).toEqual({ code: 'FORBIDDEN', message: API_MESSAGES.forbidden });
      const keyless = await s.t.app.inject({ ...route, headers: { authorization: s.adminToken } });
      expect(keyless.statusCode, route.url).toBe(401);
      expect(keyless.json().code).toBe('INVALID_API_KEY');
    }
  });

  it('checks who asks before what is sent', async () => {
    const bad = { method: 'POST' as const, url: `${BASE}/not-an-id/attach`, payload: { order_code: 42 } };
    expect((await s.t.request({ ...bad, token: null })).statusCode).toBe(401);
    expect((await s.t.request({ ...bad, token: s.customerToken })).statusCode).toBe(403);
  });
});

describe('GET …/transfer/totals', () => {
  let fresh: Setup;
  let f: ReturnType<typeof helpers>;
  beforeAll(async () => {
    fresh = await setUp();
    f = helpers(fresh);
  });
  afterAll(async () => {
    await fresh?.t.close();
  });

  it("sums today's transfers by the bank's time and everything still owed back", async () => {
    const empty = await f.totals();
    expect(empty).toEqual({
      date: shopDay(new Date()).date,
      received_vnd: 0,
      received_count: 0,
      matched_vnd: 0,
      matched_count: 0,
      unmatched_vnd: 0,
      unmatched_count: 0,
      refunds_due_vnd: 0,
      refunds_due_count: 0,
    });

    const exact = await f.newOrder();
    await f.received({ amountVnd: 50_000, memo: exact.code });
    const over = await f.newOrder();
    const overpaid = await f.received({ amountVnd: 70_000, memo: over.code }, 'casso');
    const short = await f.newOrder();
    await f.received({ amountVnd: 30_000, memo: short.code });
    await f.received({ amountVnd: 10_000, memo: 'khong co ma' });
    const attachedOrder = await f.newOrder({ totalVnd: 45_000 });
    const toAttach = await f.received({ amountVnd: 45_000, memo: 'ma sai' });
    expect((await f.attach(toAttach.id, { order_code: attachedOrder.code })).statusCode).toBe(200);
    const toRefund = await f.received({ amountVnd: 15_000, memo: 'chuyen nham' });
    expect((await f.refund(toRefund.id)).statusCode).toBe(200);
    // Not counted as received: money going out, to another account, or on another day.
    await f.received({ amountVnd: 99_000, memo: 'rut', direction: 'out' }, 'casso');
    await f.received({ amountVnd: 88_000, memo: 'x', account: '5555555555' });
    await f.received({ amountVnd: 5_000, memo: 'hom qua', at: new Date(Date.now() - 24 * 60 * 60_000) });
    // A paid bank order rejected since: its whole total is owed back too.
    const rejected = await f.newOrder({ status: 3 });
    await updateStoredOrder(f.db(), rejected.id, { refundStatus: 'due' });

    expect(await f.totals()).toEqual({
      date: shopDay(new Date()).date,
      received_vnd: 50_000 + 70_000 + 30_000 + 10_000 + 45_000 + 15_000,
      received_count: 6,
      matched_vnd: 50_000 + 70_000 + 45_000,
      matched_count: 3,
      unmatched_vnd: 30_000 + 10_000,
      unmatched_count: 2,
      // Open unmatched (today's and yesterday's), the 20 000 overpaid, the rejected order's 50 000.
      refunds_due_vnd: 30_000 + 10_000 + 5_000 + 20_000 + 50_000,
      refunds_due_count: 5,
    });

    expect((await f.refund(overpaid.id)).statusCode).toBe(200);
    const after = await f.totals();
    expect(after).toMatchObject({ refunds_due_vnd: 95_000, refunds_due_count: 4, matched_vnd: 165_000 });
  });
});
