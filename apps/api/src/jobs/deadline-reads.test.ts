/**
 * The deadline job's two searches, every minute on every instance, read the open orders, not the history, on the
 * plan a connection keeps for a statement run often (made without its values) and whatever PostgreSQL knew of the
 * table when it made it: the overdue orders (`overdue`) and the promised ones coming within the at-risk window
 * (`atRisk`, `promised`) both say "open" with literal statuses, which the partial indexes on open orders need
 * (modules/orders/conditions.ts isOpen).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, PAY_METHOD } from '@lucky/shared';
import type { Db } from '../db/client.js';
import { claimAtRiskOrders, findOverdueOrderIds } from '../modules/orders/lifecycle-repository.js';
import { newOrderCode } from '../modules/orders/order-code.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../test/fixtures.js';
import { indexEntriesRead } from '../test/index-reads.js';
import { useTestApp } from '../test/suite.js';

const t = useTestApp();

const FINISHED = 6000;
const OPEN = 200;
const HOUR = 3_600_000;

/** `count` copies of order `from` in `status` paid with `payMethod`, due `dueIn` after now plus i minutes. */
function copiesOf(
  db: Db,
  from: string,
  copies: { count: number; firstNumber: number; userIds: string[]; status: number; payMethod: number; dueIn: string },
) {
  return db.execute(sql`
    insert into orders (id, code, user_id, platform_id, platform_name, status, pay_method, pay_qr_code, total_price_vnd,
                        total_coin, total_gift_coin, order_bank_name, order_contact, order_account, order_server, order_uid,
                        order_comment, paid_at, due_at, finished_at, created_at, updated_at)
    select gen_random_uuid(), 'LK' || lpad((${copies.firstNumber} - 1 + i)::text, 8, '0'),
           (${sql.param(copies.userIds)}::uuid[])[1 + i % ${copies.userIds.length}],
           platform_id, platform_name, ${copies.status}, ${copies.payMethod}, pay_qr_code, total_price_vnd, total_coin, total_gift_coin,
           order_bank_name, order_contact, order_account, order_server, order_uid, order_comment, paid_at,
           now() + ${copies.dueIn}::interval + i * interval '1 minute',
           case when ${copies.status} in (2, 3) then now() - interval '1 day' + i * interval '1 second' end,
           now() - interval '2 hours', updated_at
    from orders, generate_series(1, ${copies.count}) i where id = ${from}`);
}

const sequentialScans = async (tx: Db): Promise<number> =>
  Number(
    (
      (await tx.execute(sql`select pg_stat_get_xact_numscans('orders'::regclass)::int as n`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

describe("the deadline job's searches", () => {
  it('read the open orders, not the history, on a kept plan', async () => {
    const db = t.app.ctx.db;
    const platform = await createPlatform(db, { name: 'Liên Quân Hạn Chót' });
    const item = await createStoreItem(db, platform.id, { priceVnd: 20_000 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createCustomer(db, t.app.ctx.tokens)));
    const userIds = customers.map((customer) => customer.userId);
    const first = await createOrder(db, {
      userId: userIds[0]!,
      platformId: platform.id,
      code: newOrderCode(),
      status: ORDER_STATUS.COMPLETED,
      payMethod: PAY_METHOD.BANK,
      createdAt: new Date(Date.now() - 48 * HOUR),
      lines: [{ storeId: item.id, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
    });
    // A history of finished orders, in a table no statistics have been gathered on yet, and paid open ones: half of
    // them past due (the sweep's), half due within the next hours (the at-risk announcement's, the first few).
    await copiesOf(db, first.id, {
      count: FINISHED,
      firstNumber: 1,
      userIds,
      status: ORDER_STATUS.COMPLETED,
      payMethod: PAY_METHOD.BANK,
      dueIn: '-30 days',
    });
    await copiesOf(db, first.id, {
      count: OPEN / 2,
      firstNumber: 100_001,
      userIds,
      status: ORDER_STATUS.PROCESSING,
      payMethod: PAY_METHOD.BANK,
      dueIn: '-3 hours',
    });
    await copiesOf(db, first.id, {
      count: OPEN / 2,
      firstNumber: 200_001,
      userIds,
      status: ORDER_STATUS.PROCESSING,
      payMethod: PAY_METHOD.BANK,
      dueIn: '10 minutes',
    });

    const now = new Date();
    const read = await db.transaction(async (tx) => {
      // The plan a connection keeps for a statement after a few calls: made without the values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const measure = async <T>(work: () => Promise<T>) => {
        const [entries, scans] = [await indexEntriesRead(tx, 'orders'), await sequentialScans(tx)];
        const value = await work();
        return {
          value,
          entries: (await indexEntriesRead(tx, 'orders')) - entries,
          scans: (await sequentialScans(tx)) - scans,
        };
      };
      return {
        overdue: await measure(() => findOverdueOrderIds(tx, now, 100)),
        atRisk: await measure(() => claimAtRiskOrders(tx, now, OPEN)),
      };
    });

    // The 100 overdue orders, soonest due first, from the open orders' index: no order is read from the table's start.
    expect(read.overdue.value).toHaveLength(OPEN / 2);
    expect(read.overdue.scans).toBe(0);
    expect(read.overdue.entries).toBeLessThanOrEqual(OPEN + 10);
    // Those due within the hour and those past due, claimed once each: the 100 past due and the ones due in the next
    // hour (10 to 60 minutes from now, one a minute: 50).
    expect(read.atRisk.value.length).toBeGreaterThanOrEqual(OPEN / 2 + 45);
    expect(read.atRisk.scans).toBe(0);
    expect(read.atRisk.entries).toBeLessThanOrEqual(2 * OPEN + 10);
  });
});
