import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UNPAID_ORDER_EXPIRY_HOURS, lateCompensationCoins } from '@lucky/shared';
import { databaseNow } from '../db/clock.js';
import { auditLog, coinLedger, users } from '../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins, storedOrder } from '../test/fixtures.js';
import { useTestApp } from '../test/suite.js';
import { changeOrderStatus } from '../modules/orders/service.js';
import { receiveNotification } from '../modules/payments/service.js';
import { dueAtFor } from '../modules/orders/service.js';
import { runDeadlineSweep, startDeadlineJob } from './deadline.js';

// These tests follow the promise's clock from placement and payment; the lead time before the deadline
// (PROMISE_LEAD_MINUTES) has its own, in modules/orders/promise.test.ts.
const t = useTestApp({ PROMISE_LEAD_MINUTES: '0' });
let platformId: number;
let itemId: number;
let adminId: string;
/** The sweep's pinned clock: 16:05 in Ho Chi Minh City. */
const NOW = new Date('2026-03-10T09:05:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  platformId = (await createPlatform(t.app.ctx.db, { needLogin: true })).id;
  itemId = (await createStoreItem(t.app.ctx.db, platformId)).id;
  adminId = (await t.signIn('admin@lucky.test')).userId;
});

const db = () => t.app.ctx.db;

/**
 * An order placed (by default) 25 hours before NOW — an unpaid bank order that old has expired —
 * and due (by default) 5 minutes before NOW.
 */
async function order(userId: string, values: { status: number; payMethod: number; coinCost?: number; dueAt?: Date; createdAt?: Date }) {
  return createOrder(db(), {
    userId,
    platformId,
    status: values.status,
    payMethod: values.payMethod,
    lines: [{ storeId: itemId, priceVnd: 50_000, coinCost: values.coinCost ?? 500, giftCoin: 25 }],
    seal: (id) => t.app.ctx.secretBox.seal('mat-khau', id),
    createdAt: values.createdAt ?? new Date(NOW.getTime() - 25 * HOUR),
    dueAt: values.dueAt ?? new Date(NOW.getTime() - 5 * MINUTE),
  });
}

/** An order placed at `placedAt` with the due time the shop gives it then (16:00). */
function placedAt(userId: string, values: { status: number; payMethod: number; coinCost?: number }, at: Date) {
  return order(userId, { ...values, createdAt: at, dueAt: dueAtFor(at, t.config) });
}

async function stored(id: string) {
  const row = await storedOrder(db(), id);
  return row!;
}

async function coins(userId: string) {
  const [user] = await db().select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  const ledger = await db().select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));
  return { total: user!.coinTotal, ledger };
}

const statusAudits = (orderId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, 'order.status')));

describe('compensation for a late order', () => {
  it('is 10% of the order value in coins, at least 10 coins', () => {
    expect(lateCompensationCoins(500)).toBe(50);
    expect(lateCompensationCoins(1_234)).toBe(123);
    expect(lateCompensationCoins(50)).toBe(10);
    expect(lateCompensationCoins(0)).toBe(10);
  });
});

describe('runDeadlineSweep', () => {
  it('rejects a paid bank order as late, records the refund due and credits compensation', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const paid = await order(c.userId, { status: 1, payMethod: 1 });
    await runDeadlineSweep(t.app.ctx, NOW);

    const row = await stored(paid.id);
    expect(row).toMatchObject({ status: 3, refundStatus: 'due', passEncrypted: null, finishedAt: NOW });
    const { total, ledger } = await coins(c.userId);
    expect(total).toBe(50);
    expect(ledger).toEqual([expect.objectContaining({ delta: 50, reason: 'late_compensation', orderId: paid.id, actorId: null })]);
    expect(await statusAudits(paid.id)).toEqual([expect.objectContaining({ actorId: null, reason: 'late', before: { status: 1 } })]);
    const refund = await db().select().from(auditLog).where(and(eq(auditLog.entityId, paid.id), eq(auditLog.action, 'order.refund_due')));
    expect(refund).toHaveLength(1);
  });

  it('expires an unpaid bank order older than the payment window, without compensation', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const unpaid = await order(c.userId, { status: 0, payMethod: 1 });
    await runDeadlineSweep(t.app.ctx, NOW);

    expect(await stored(unpaid.id)).toMatchObject({ status: 3, refundStatus: null, passEncrypted: null });
    expect((await coins(c.userId)).ledger).toHaveLength(0);
    expect(await statusAudits(unpaid.id)).toEqual([expect.objectContaining({ reason: 'unpaid_expired', before: { status: 0 } })]);
  });

  it('releases a late coin order’s reservation (status 0 or 1) and credits compensation', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    await grantCoins(db(), c.userId, 1_000);
    const waiting = await order(c.userId, { status: 0, payMethod: 0, coinCost: 300 });
    const working = await order(c.userId, { status: 1, payMethod: 0, coinCost: 50 });
    const pendingBefore = await t.request({ method: 'GET', url: '/order/api/v1/order/count-pending-coin', token: c.token });
    expect(pendingBefore.json()).toBe(350);

    await runDeadlineSweep(t.app.ctx, NOW);

    expect((await stored(waiting.id)).status).toBe(3);
    expect((await stored(working.id)).status).toBe(3);
    expect((await stored(working.id)).refundStatus).toBeNull();
    const pendingAfter = await t.request({ method: 'GET', url: '/order/api/v1/order/count-pending-coin', token: c.token });
    expect(pendingAfter.json()).toBe(0);
    const { total, ledger } = await coins(c.userId);
    // Nothing debited; 30 (10% of 300) + 10 (the minimum) compensation.
    expect(total).toBe(1_040);
    expect(ledger.filter((row) => row.reason === 'late_compensation').map((row) => row.delta).sort()).toEqual([10, 30]);
  });

  it('leaves finished orders and orders not yet due untouched, and a second run changes nothing', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const completed = await order(c.userId, { status: 2, payMethod: 1 });
    const rejected = await order(c.userId, { status: 3, payMethod: 0 });
    const notDue = await order(c.userId, { status: 1, payMethod: 1, dueAt: new Date(NOW.getTime() + MINUTE) });
    const exactlyDue = await order(c.userId, { status: 1, payMethod: 1, dueAt: NOW });
    const late = await order(c.userId, { status: 1, payMethod: 0 });
    await grantCoins(db(), c.userId, 500);

    const first = await runDeadlineSweep(t.app.ctx, NOW);
    expect(first.late).toBeGreaterThanOrEqual(1);
    for (const untouched of [completed, rejected, notDue, exactlyDue]) {
      const row = await stored(untouched.id);
      expect(row.status).toBe(untouched.status);
      expect(row.passEncrypted).not.toBeNull();
    }
    expect((await stored(late.id)).status).toBe(3);

    const snapshot = await coins(c.userId);
    const second = await runDeadlineSweep(t.app.ctx, NOW);
    expect(second).toEqual({ late: 0, unpaidExpired: 0 });
    expect(await coins(c.userId)).toEqual(snapshot);
    expect(await statusAudits(late.id)).toHaveLength(1);
  });

  it('settles each order once when several instances sweep at the same moment', async () => {
    const customers = await Promise.all([1, 2, 3].map(() => createCustomer(db(), t.app.ctx.tokens)));
    const overdue = [];
    for (const c of customers) {
      overdue.push(await order(c.userId, { status: 1, payMethod: 1 }));
      overdue.push(await order(c.userId, { status: 0, payMethod: 0 }));
      overdue.push(await order(c.userId, { status: 0, payMethod: 1 }));
    }
    const results = await Promise.all([runDeadlineSweep(t.app.ctx, NOW), runDeadlineSweep(t.app.ctx, NOW), runDeadlineSweep(t.app.ctx, NOW)]);
    expect(results.reduce((sum, r) => sum + r.late, 0)).toBe(6);
    expect(results.reduce((sum, r) => sum + r.unpaidExpired, 0)).toBe(3);
    for (const o of overdue) {
      expect((await stored(o.id)).status).toBe(3);
      expect(await statusAudits(o.id)).toHaveLength(1);
    }
    for (const c of customers) {
      const { total, ledger } = await coins(c.userId);
      expect(ledger).toHaveLength(2);
      expect(total).toBe(100);
    }
  });
});

describe('the promise clock of a bank order starts at its payment (docs/decisions/0008)', () => {
  /** A wall-clock time in Ho Chi Minh City. */
  const local = (wallClock: string) => new Date(`${wallClock}:00+07:00`);
  const confirmPaid = (orderId: string, at: Date) => changeOrderStatus(t.app.ctx, adminId, orderId, { status: 1, reason: 'Đã nhận tiền', received_vnd: 100_000, bank_reference: `FT${orderId.slice(0, 8)}` }, at);
  /** The bank feed reports the 100 000 VND transfer staff confirmed, with its bank reference, as its webhook would. */
  const feedReports = (orderId: string, at: Date) =>
    receiveNotification(
      t.app.ctx,
      {
        provider: 'sepay',
        providerTxId: `deadline-${orderId}`,
        direction: 'in',
        accountNumber: t.app.ctx.config.bank.accountNumber,
        amountVnd: 100_000,
        content: 'chuyen tien nap game',
        providerCode: '',
        reference: `FT${orderId.slice(0, 8)}`,
        transactionAt: at,
      },
      '{}',
      at,
    );

  // Tests share one database: the sweeps below may also settle other tests' leftovers, so each test
  // checks its own orders; a repeated sweep at the same time must still find nothing at all.
  async function sweepTwice(at: Date) {
    const first = await runDeadlineSweep(t.app.ctx, at);
    expect(await runDeadlineSweep(t.app.ctx, at)).toEqual({ late: 0, unpaidExpired: 0 });
    return first;
  }

  it.each(['15:58', '10:00'])(
    'an unpaid order placed at %s and paid at 15:59 survives 16:00; confirmed at 16:02 it is due 16:00 the next day',
    async (placed) => {
      const c = await createCustomer(db(), t.app.ctx.tokens);
      await grantCoins(db(), c.userId, 500);
      const bank = await placedAt(c.userId, { status: 0, payMethod: 1 }, local(`2026-03-20T${placed}`));
      const coin = await placedAt(c.userId, { status: 0, payMethod: 0, coinCost: 300 }, local(`2026-03-20T${placed}`));
      expect(bank.dueAt).toEqual(local('2026-03-20T16:00'));

      // 16:01: the coin order is late as before; the unpaid bank order is not expired, nor late.
      await sweepTwice(local('2026-03-20T16:01'));
      expect(await stored(bank.id)).toMatchObject({ status: 0, refundStatus: null, finishedAt: null });
      expect(await statusAudits(bank.id)).toEqual([]);
      expect(await stored(coin.id)).toMatchObject({ status: 3 });
      expect(await statusAudits(coin.id)).toEqual([expect.objectContaining({ reason: 'late', before: { status: 0 } })]);

      // 16:02: staff confirm the transfer; the promise runs from now: 16:00 tomorrow, recorded in the audit.
      const confirmed = await confirmPaid(bank.id, local('2026-03-20T16:02'));
      expect(confirmed).toMatchObject({ status: 1, paid_at: local('2026-03-20T16:02').toISOString(), due_at: local('2026-03-21T16:00').toISOString() });
      // The bank feed then reports that money: the payment is verified, so the money is at stake.
      await feedReports(bank.id, local('2026-03-20T16:05'));
      expect(await statusAudits(bank.id)).toEqual([
        expect.objectContaining({
          actorId: adminId,
          reason: 'Đã nhận tiền',
          before: { status: 0, due_at: local('2026-03-20T16:00').toISOString() },
          after: { status: 1, due_at: local('2026-03-21T16:00').toISOString() },
        }),
      ]);

      // Not late at 16:03, nor at 16:00 sharp the next day.
      await sweepTwice(local('2026-03-20T16:03'));
      await sweepTwice(local('2026-03-21T16:00'));
      expect(await stored(bank.id)).toMatchObject({ status: 1, refundStatus: null });
      expect(await statusAudits(bank.id)).toHaveLength(1);

      // Still open after the next day's 16:00: late, refund due, compensated — once.
      const before = (await coins(c.userId)).total;
      await sweepTwice(local('2026-03-21T16:01'));
      expect(await stored(bank.id)).toMatchObject({ status: 3, refundStatus: 'due', passEncrypted: null, finishedAt: local('2026-03-21T16:01') });
      expect((await statusAudits(bank.id)).map((row) => row.reason)).toEqual(['Đã nhận tiền', 'late']);
      const { total, ledger } = await coins(c.userId);
      expect(total).toBe(before + 50);
      expect(ledger.filter((row) => row.orderId === bank.id)).toEqual([expect.objectContaining({ delta: 50, reason: 'late_compensation' })]);
    },
  );

  it('a bank order confirmed only on staff’s word earns no compensation when late, and owes back what staff recorded', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const bank = await placedAt(c.userId, { status: 0, payMethod: 1 }, local('2026-03-22T09:00'));
    await confirmPaid(bank.id, local('2026-03-22T10:00'));
    const before = (await coins(c.userId)).total;
    await sweepTwice(local('2026-03-22T16:01'));
    expect(await stored(bank.id)).toMatchObject({ status: 3, refundStatus: 'due', receivedVnd: 100_000, unverifiedVnd: 100_000 });
    expect((await coins(c.userId)).total).toBe(before);
  });

  it('a bank order confirmed paid before 16:00 is due at 16:00 that day, and late after it', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const bank = await placedAt(c.userId, { status: 0, payMethod: 1 }, local('2026-03-19T18:00'));
    expect(bank.dueAt).toEqual(local('2026-03-20T16:00'));
    const confirmed = await confirmPaid(bank.id, local('2026-03-20T15:00'));
    expect(confirmed.due_at).toBe(local('2026-03-20T16:00').toISOString());

    await sweepTwice(local('2026-03-20T16:00'));
    expect((await stored(bank.id)).status).toBe(1);
    const settled = await sweepTwice(local('2026-03-20T16:01'));
    expect(settled.late).toBeGreaterThanOrEqual(1);
    expect(await stored(bank.id)).toMatchObject({ status: 3, refundStatus: 'due' });
    expect((await statusAudits(bank.id)).map((row) => row.reason)).toEqual(['Đã nhận tiền', 'late']);
  });

  it('a coin order accepted by staff keeps the due time it got when placed', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    await grantCoins(db(), c.userId, 500);
    const coin = await placedAt(c.userId, { status: 0, payMethod: 0, coinCost: 300 }, local('2026-03-20T09:00'));
    const accepted = await confirmPaid(coin.id, local('2026-03-20T16:30'));
    expect(accepted).toMatchObject({ status: 1, paid_at: null, due_at: local('2026-03-20T16:00').toISOString() });
    expect(await statusAudits(coin.id)).toEqual([expect.objectContaining({ before: { status: 0 }, after: { status: 1 } })]);

    await sweepTwice(local('2026-03-20T16:31'));
    expect(await stored(coin.id)).toMatchObject({ status: 3, refundStatus: null });
    expect((await statusAudits(coin.id)).map((row) => row.reason)).toEqual(['Đã nhận tiền', 'late']);
  });

  it(`expires an unpaid bank order once it is older than ${UNPAID_ORDER_EXPIRY_HOURS} h, never as late`, async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const placed = local('2026-03-22T15:58');
    const unpaid = await placedAt(c.userId, { status: 0, payMethod: 1 }, placed);
    const after = (ms: number) => new Date(placed.getTime() + ms);

    // Past its placement due time and up to the full window, it waits for the transfer.
    for (const at of [after(3 * MINUTE), after(UNPAID_ORDER_EXPIRY_HOURS * HOUR - MINUTE), after(UNPAID_ORDER_EXPIRY_HOURS * HOUR)]) {
      await sweepTwice(at);
      expect((await stored(unpaid.id)).status).toBe(0);
    }
    expect(await statusAudits(unpaid.id)).toEqual([]);

    await sweepTwice(after(UNPAID_ORDER_EXPIRY_HOURS * HOUR + MINUTE));
    expect(await stored(unpaid.id)).toMatchObject({ status: 3, refundStatus: null, passEncrypted: null });
    expect(await statusAudits(unpaid.id)).toEqual([expect.objectContaining({ actorId: null, reason: 'unpaid_expired', before: { status: 0 } })]);
    expect((await coins(c.userId)).ledger).toEqual([]);
  });
});

describe('startDeadlineJob', () => {
  it('stops cleanly, its timer never holding the process open', async () => {
    const job = startDeadlineJob(t.app.ctx, 60_000);
    await expect(job.stop()).resolves.toBeUndefined();
  });

  // Last in the file: the job sweeps at the real time, settling what earlier tests left overdue.
  it('settles by the database’s clock, not the process’s, so instances with skewed clocks agree', async () => {
    const c = await createCustomer(db(), t.app.ctx.tokens);
    const dbNow = await databaseNow(db());
    const at = (ms: number) => new Date(dbNow.getTime() + ms);
    const overdue = await order(c.userId, { status: 1, payMethod: 1, createdAt: at(-2 * HOUR), dueAt: at(-5 * MINUTE) });
    const dueSoon = await order(c.userId, { status: 1, payMethod: 1, createdAt: at(-2 * HOUR), dueAt: at(HOUR) });

    // This process's clock runs two days ahead: by it, both orders would be long overdue. PGlite runs
    // inside the process and reads the same clock, so only a database server can disagree with it: the
    // skew is applied in the PostgreSQL pass.
    const skewMs = t.app.ctx.dbKind === 'postgres' ? 48 * HOUR : 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + skewMs));
    try {
      const job = startDeadlineJob(t.app.ctx, 20);
      await vi.waitFor(async () => expect((await stored(overdue.id)).status).toBe(3), { timeout: 15_000, interval: 50 });
      await job.stop();
    } finally {
      vi.useRealTimers();
    }

    expect((await stored(dueSoon.id)).status).toBe(1);
    const settled = await stored(overdue.id);
    expect(settled.refundStatus).toBe('due');
    // Stamped with the database's time, not the process's two days ahead.
    expect(Math.abs(settled.finishedAt!.getTime() - dbNow.getTime())).toBeLessThan(MINUTE);
  });
});
