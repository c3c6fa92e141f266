/**
 * Bank notifications that pay orders at the same moment are written together (paying-batches.ts, migration 0020,
 * decision 0031): one transaction for the lot, each answered as it would be alone (paid, handled already, or left to
 * the long way), a transfer at fault failing alone. Through the app's own batches (ctx.paying), as the webhooks'
 * notifications go, or through batches of the test's own where the test counts the splits.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bankTransfers, events, orders } from '../../db/schema.js';
import { useTestApp } from '../../test/suite.js';
import { BANK_FEED_ENV, SHOP_ACCOUNT, newTxId } from '../payments/webhook-fixtures.js';
import {
  receivePayingTransfer,
  receivePayingTransfers,
  type PayingTransferInput,
  type PayingTransferOutcome,
} from './lifecycle-repository.js';
import { createPayingBatches } from './paying-batches.js';
import { unpaidBankOrders } from './test-support.js';

const t = useTestApp(BANK_FEED_ENV);

const PRICE = 120_000;

const unpaidOrders = (count: number) => unpaidBankOrders(t.app.ctx.db, t.app.ctx.tokens, count, PRICE);

/** A SePay notification paying `code` in full, as payments/service.ts hands it on (txId: the provider's id). */
function paying(
  code: string,
  options: {
    txId?: number;
    amountVnd?: number;
    provider?: 'sepay' | 'casso';
    direction?: 'in' | 'out';
    reference?: string;
  } = {},
): PayingTransferInput {
  const now = new Date();
  const txId = String(options.txId ?? newTxId());
  return {
    transfer: {
      provider: options.provider ?? 'sepay',
      providerTxId: txId,
      rawBody: `{"id":${txId}}`,
      direction: options.direction ?? 'in',
      accountNumber: SHOP_ACCOUNT,
      amountVnd: options.amountVnd ?? PRICE,
      content: `${code} thanh toan`,
      providerCode: '',
      reference: options.reference ?? `FT${txId}`,
      transactionAt: now,
      receivedAt: now,
      source: 'webhook',
      updatedAt: now,
    },
    codes: [code],
    paidAt: now,
    dueAt: new Date(now.getTime() + 3_600_000),
    now,
    reason: 'Thanh toán qua SePay',
    origin: 'test',
  };
}

/** How many transactions stored these transfers (a row's xmin is the transaction that wrote it). */
async function transactionsThatStored(txIds: string[]): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ xmin: sql<string>`xmin::text` })
    .from(bankTransfers)
    .where(inArray(bankTransfers.providerTxId, txIds));
  expect(rows).toHaveLength(txIds.length);
  return new Set(rows.map((row) => row.xmin)).size;
}

/** The orders' statuses, in the order of `ids`. */
async function statusOf(ids: string[]): Promise<number[]> {
  const rows = await t.app.ctx.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)!.status);
}

describe('payments arriving at the same moment', () => {
  it('are written in one transaction once a write is under way, each order paid as if alone', async () => {
    const unpaid = await unpaidOrders(8);
    const inputs = unpaid.map((order) => paying(order.code));

    const answers = await Promise.all(inputs.map((input) => t.app.ctx.paying.receive(input)));

    expect(answers.map((answer) => answer.outcome)).toEqual(Array(8).fill('matched'));
    const matched = answers as Extract<PayingTransferOutcome, { outcome: 'matched' }>[];
    expect(matched.map((answer) => answer.order_code)).toEqual(unpaid.map((order) => order.code));
    expect(new Set(matched.map((answer) => answer.order_event_id)).size).toBe(8);
    expect(await statusOf(unpaid.map((order) => order.id))).toEqual(Array(8).fill(1));
    // The first goes at once, alone; the seven that came while it was under way go together.
    const txIds = inputs.map((input) => input.transfer.providerTxId);
    expect(await transactionsThatStored(txIds.slice(0, 1))).toBe(1);
    expect(await transactionsThatStored(txIds.slice(1))).toBe(1);
  });

  it('answer a notification delivered twice in one batch once, and leave a second payment of the order to the long way', async () => {
    const [opener, order] = await unpaidOrders(2);
    const first = paying(order!.code);
    const again = paying(order!.code, { txId: Number(first.transfer.providerTxId) });
    const second = paying(order!.code);

    const [, ...answers] = await Promise.all(
      [paying(opener!.code), first, again, second].map((input) => t.app.ctx.paying.receive(input)),
    );

    const paid = answers[0] as Extract<PayingTransferOutcome, { outcome: 'matched' }>;
    expect(paid.outcome).toBe('matched');
    expect(answers.slice(1)).toEqual([{ outcome: 'handled', transfer_id: paid.transfer_id }, { outcome: 'other' }]);
    // The second payment wrote nothing here: the caller stores and decides it the long way.
    const stored = await t.app.ctx.db
      .select({ id: bankTransfers.id })
      .from(bankTransfers)
      .where(eq(bankTransfers.orderId, order!.id));
    expect(stored).toEqual([{ id: paid.transfer_id }]);
    expect(await statusOf([order!.id])).toEqual([1]);
  });

  it('answer every kind of notification in one batch as each would be answered alone, and write only the payments', async () => {
    const [a, b, c, d, e, f, g] = await unpaidOrders(7);
    // g was paid by a notification stored earlier.
    const earlier = paying(g!.code);
    const stored = await receivePayingTransfer(t.app.ctx.db, earlier);
    expect(stored.outcome).toBe('matched');
    const storedId = (stored as Extract<PayingTransferOutcome, { outcome: 'matched' }>).transfer_id;
    const twice = paying(f!.code);
    const inputs = [
      paying(a!.code),
      paying(b!.code),
      // The earlier notification delivered again.
      paying(g!.code, { txId: Number(earlier.transfer.providerTxId) }),
      // Money going out of the account, naming c.
      paying(c!.code, { direction: 'out' }),
      // A memo naming no order.
      paying('LKKHONGCO'),
      // d underpaid, then paid in full by a second transfer.
      paying(d!.code, { amountVnd: PRICE - 1 }),
      paying(d!.code),
      // e paid, and Casso's report of the same movement (same memo, amount and minute, no reference of its own).
      paying(e!.code, { reference: '' }),
      paying(e!.code, { provider: 'casso', reference: '' }),
      // f's notification twice in the batch.
      twice,
      paying(f!.code, { txId: Number(twice.transfer.providerTxId) }),
      // A new transfer for g, already paid.
      paying(g!.code),
    ];

    const answers = await receivePayingTransfers(t.app.ctx.db, inputs);

    const matched = (i: number) => answers[i] as Extract<PayingTransferOutcome, { outcome: 'matched' }>;
    expect(answers.map((answer) => answer.outcome)).toEqual([
      'matched',
      'matched',
      'handled',
      'other',
      'other',
      'other',
      'matched',
      'matched',
      'other',
      'matched',
      'handled',
      'other',
    ]);
    expect(answers[2]).toEqual({ outcome: 'handled', transfer_id: storedId });
    expect(answers[10]).toEqual({ outcome: 'handled', transfer_id: matched(9).transfer_id });
    for (const [i, order] of [
      [0, a],
      [1, b],
      [6, d],
      [7, e],
      [9, f],
    ] as const) {
      const answer = matched(i);
      // The same answer, field for field, as a notification written alone gives.
      expect(Object.keys(answer).sort()).toEqual(Object.keys(stored).sort());
      expect(answer).toMatchObject({ order_code: order!.code, order_id: order!.id, user_id: order!.userId });
      // The order as it was before the payment, its secrets left out, and its line.
      expect(answer.order.status).toBe(0);
      expect(answer.order).not.toHaveProperty('orderPassEncrypted');
      expect(answer.lines).toHaveLength(1);
      expect(answer.order_event_id).toBeLessThan(answer.transfer_event_id);
    }
    expect(await statusOf([a!.id, b!.id, c!.id, d!.id, e!.id, f!.id, g!.id])).toEqual([1, 1, 0, 1, 1, 1, 1]);
    // Each payment: one transfer stored matched, one audit row, an order event and a transfer event.
    const paid = [matched(0), matched(1), matched(6), matched(7), matched(9)];
    const transfers = await t.app.ctx.db
      .select({
        id: bankTransfers.id,
        orderId: bankTransfers.orderId,
        status: bankTransfers.status,
        excess: bankTransfers.excessVnd,
      })
      .from(bankTransfers)
      .where(inArray(bankTransfers.orderId, [a!.id, b!.id, c!.id, d!.id, e!.id, f!.id]));
    expect(transfers.sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      paid
        .map((answer) => ({ id: answer.transfer_id, orderId: answer.order_id, status: 'matched', excess: 0 }))
        .sort((x, y) => x.id.localeCompare(y.id)),
    );
    const audit = await t.app.ctx.db
      .select({ entityId: auditLog.entityId, after: auditLog.after })
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          paid.map((answer) => answer.order_id),
        ),
      );
    expect(audit.filter((row) => (row.after as { status?: number }).status === 1)).toHaveLength(5);
    const published = await t.app.ctx.db
      .select({ id: events.id, kind: events.kind, entityId: events.entityId })
      .from(events)
      .where(
        inArray(
          events.entityId,
          paid.flatMap((answer) => [answer.order_id, answer.transfer_id]),
        ),
      );
    expect(published.map((event) => Number(event.id)).sort((x, y) => x - y)).toEqual(
      paid.flatMap((answer) => [answer.order_event_id, answer.transfer_event_id]).sort((x, y) => x - y),
    );
  });

  it('fail alone when one of them breaks a rule of the database: the others are paid, once', async () => {
    const unpaid = await unpaidOrders(4);
    const inputs = unpaid.map((order) => paying(order.code));
    // An amount no bigint holds: the transfer's row refuses it, and with it the whole batch's transaction.
    inputs[2] = paying(unpaid[2]!.code, { amountVnd: 1e20 });
    const split: number[] = [];
    const batches = createPayingBatches(t.app.ctx.db, {
      stallMs: 60_000,
      maxBatch: 32,
      onSplit: (_, count) => split.push(count),
    });

    const answers = await Promise.allSettled(inputs.map((input) => batches.receive(input)));

    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(split).toEqual([3]);
    const txIds = [0, 1, 3].map((i) => inputs[i]!.transfer.providerTxId);
    expect(await transactionsThatStored(txIds)).toBe(3);
    expect((await statusOf(unpaid.map((order) => order.id))).sort()).toEqual([0, 1, 1, 1]);
    expect(
      await t.app.ctx.db
        .select({ id: bankTransfers.id })
        .from(bankTransfers)
        .where(eq(bankTransfers.providerTxId, inputs[2]!.transfer.providerTxId)),
    ).toEqual([]);
  });
});
