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
import { claimAtRiskOrders, findOverdueOrderIds } from '../modules/orders/lifecycle-repository.js';
import { copyOrder, historyOrigin } from '../test/fixtures.js';
import { readsOf } from '../test/index-reads.js';
import { useTestApp } from '../test/suite.js';

const t = useTestApp();

const FINISHED = 6000;
const OPEN = 200;

/** Copies in `status` paid with `payMethod`, placed two hours ago, due `dueIn` from now plus i minutes. */
const copiesIn = (status: number, payMethod: number, dueIn: string) => ({
  status: sql`${status}`,
  pay_method: sql`${payMethod}`,
  due_at: sql`now() + ${dueIn}::interval + i * interval '1 minute'`,
  finished_at: sql`case when ${status} in (2, 3) then now() - interval '1 day' + i * interval '1 second' end`,
  created_at: sql`now() - interval '2 hours'`,
});

describe("the deadline job's searches", () => {
  it('read the open orders, not the history, on a kept plan', async () => {
    const db = t.app.ctx.db;
    const { first, userIds } = await historyOrigin(db, t.app.ctx.tokens, 'Liên Quân Hạn Chót');
    // A history of finished orders, in a table no statistics have been gathered on yet, and paid open ones: half of
    // them past due (the sweep's), half due within the next hours (the at-risk announcement's, the first few).
    await copyOrder(db, first.id, {
      count: FINISHED,
      firstNumber: 1,
      userIds,
      set: copiesIn(ORDER_STATUS.COMPLETED, PAY_METHOD.BANK, '-30 days'),
    });
    await copyOrder(db, first.id, {
      count: OPEN / 2,
      firstNumber: 100_001,
      userIds,
      set: copiesIn(ORDER_STATUS.PROCESSING, PAY_METHOD.BANK, '-3 hours'),
    });
    await copyOrder(db, first.id, {
      count: OPEN / 2,
      firstNumber: 200_001,
      userIds,
      set: copiesIn(ORDER_STATUS.PROCESSING, PAY_METHOD.BANK, '10 minutes'),
    });

    const now = new Date();
    const read = await db.transaction(async (tx) => {
      // The plan a connection keeps for a statement after a few calls: made without the values.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      return {
        overdue: await readsOf(tx, 'orders', () => findOverdueOrderIds(tx, now, 100)),
        atRisk: await readsOf(tx, 'orders', () => claimAtRiskOrders(tx, now, OPEN)),
      };
    });

    // The 100 overdue orders, soonest due first, from the open orders' index: no order is read from the table's start.
    expect(read.overdue.value).toHaveLength(OPEN / 2);
    expect(read.overdue.sequentialScans).toBe(0);
    expect(read.overdue.indexEntries).toBeLessThanOrEqual(OPEN + 10);
    // Those due within the hour and those past due, claimed once each: the 100 past due and the ones due in the next
    // hour (10 to 60 minutes from now, one a minute: 50).
    expect(read.atRisk.value.length).toBeGreaterThanOrEqual(OPEN / 2 + 45);
    expect(read.atRisk.sequentialScans).toBe(0);
    expect(read.atRisk.indexEntries).toBeLessThanOrEqual(2 * OPEN + 10);
  });
});
