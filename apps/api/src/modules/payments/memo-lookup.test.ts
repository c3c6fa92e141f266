/**
 * Another provider's report of the same movement is looked for by amount, memo and minute (migration 0017). In a
 * burst of payments of one price, many transfers share the amount and the minute: the lookup must go by the memo
 * in whatever plan PostgreSQL keeps for it, or each notification reads every transfer of the burst. And the
 * minute, compared truncated since 0017, still finds a report of the same minute and only of it.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BankProvider } from '@lucky/shared';
import { bankTransfers } from '../../db/schema.js';
import { unpaidBankOrders } from '../../test/fixtures.js';
import { readsOf } from '../../test/index-reads.js';
import { useTestApp } from '../../test/suite.js';
import { receivePayingTransfer } from '../orders/lifecycle-repository.js';
import { BANK_FEED_ENV, SHOP_ACCOUNT, deliver, newTxId } from './webhook-fixtures.js';

const t = useTestApp(BANK_FEED_ENV);

const PRICE = 100_000;

const unpaidOrder = async () => (await unpaidBankOrders(t.app.ctx.db, t.app.ctx.tokens, 1, PRICE))[0]!;

/** A whole minute well in the past (bank times in the future are capped at now), plus `seconds`. */
const minuteAgo = (seconds: number) => {
  const start = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
  return new Date(start + seconds * 1000);
};

async function stored(provider: BankProvider, txId: number) {
  const [row] = await t.app.ctx.db
    .select()
    .from(bankTransfers)
    .where(and(eq(bankTransfers.provider, provider), eq(bankTransfers.providerTxId, String(txId))));
  return row!;
}

describe("another provider's report of the same movement", () => {
  it('is found by amount and memo within the same minute, and not in the next', async () => {
    const order = await unpaidOrder();
    const memo = `NAP ${order.code} lan 1`;
    const first = newTxId();
    expect((await deliver(t.app, 'sepay', { txId: first, amountVnd: PRICE, memo, at: minuteAgo(5) })).statusCode).toBe(200);
    expect(await stored('sepay', first)).toMatchObject({ status: 'matched', orderId: order.id });

    // Casso's own reference differs from SePay's: only the memo and the minute tie the two reports together.
    const sameMinute = newTxId();
    expect((await deliver(t.app, 'casso', { txId: sameMinute, amountVnd: PRICE, memo, at: minuteAgo(55) })).statusCode).toBe(200);
    const firstRow = await stored('sepay', first);
    expect(await stored('casso', sameMinute)).toMatchObject({ status: 'duplicate', duplicateOf: firstRow.id });

    const nextMinute = newTxId();
    expect((await deliver(t.app, 'casso', { txId: nextMinute, amountVnd: PRICE, memo, at: minuteAgo(65) })).statusCode).toBe(200);
    const later = await stored('casso', nextMinute);
    expect(later.status).not.toBe('duplicate');
    expect(later.duplicateOf).toBeNull();
  });

  it('reads the memo index, not the transfers of the amount or the minute, in the plan PostgreSQL keeps', async () => {
    const order = await unpaidOrder();
    const at = minuteAgo(20);
    const burst = 300;
    const returned = await t.app.ctx.db.transaction(async (tx) => {
      // A burst already stored: `burst` transfers of the same amount in the same minute, each naming its own order.
      await tx.execute(sql`
        insert into bank_transfers (provider, provider_tx_id, raw_body, direction, account_number, amount_vnd, content,
                                    provider_code, reference, transaction_at, received_at, source, updated_at, status, reason)
        select 'casso', 'burst-' || i, '{}', 'in', ${SHOP_ACCOUNT}, ${PRICE}, 'NAP LK' || lpad(i::text, 8, '0') || ' lan 1',
               '', 'FT-burst-' || i, ${at.toISOString()}::timestamptz + (i % 30) * interval '1 second', now(), 'webhook', now(),
               'matched', ''
        from generate_series(1, ${burst}) i`);
      // Every call on the plan a session keeps after a few calls: PostgreSQL's generic plan, made without the values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const now = new Date();
      const { value: outcome, indexEntries } = await readsOf(tx, 'bank_transfers', () => receivePayingTransfer(tx, {
        transfer: {
          provider: 'sepay',
          providerTxId: String(newTxId()),
          rawBody: '{}',
          direction: 'in',
          accountNumber: SHOP_ACCOUNT,
          amountVnd: PRICE,
          content: `NAP ${order.code} lan 1`,
          providerCode: '',
          reference: `MBVCB.${crypto.randomInt(1e9)}`,
          transactionAt: at,
          receivedAt: now,
          source: 'webhook',
          updatedAt: now,
        },
        codes: [order.code],
        paidAt: at,
        dueAt: new Date(at.getTime() + 3_600_000),
        now,
        reason: 'test',
        origin: 'test',
      }));
      expect(outcome.outcome).toBe('matched');
      return indexEntries;
    });
    // Its own provider and id, its reference, its memo: a handful of index entries, not the burst's 300.
    expect(returned).toBeLessThan(10);
  });
});
