/**
 * The console's queue filtered by an open status ('Đang chờ duyệt', 'Đang xử lý') reads the open orders, not the
 * history, on the plan PostgreSQL keeps for a statement run often (made without its values): the status is written
 * into the statement (admin-repository.ts inStatus), so that plan can use the partial indexes on open orders for
 * the page and for its count. With the status a parameter, the count read the whole table on every call.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminOrderList, ORDER_STATUS } from '@lucky/shared';
import { copyOrder, historyOrigin } from '../../test/fixtures.js';
import { readsOf } from '../../test/index-reads.js';
import { useTestApp } from '../../test/suite.js';
import { listOrdersBody } from './admin-repository.js';

const t = useTestApp();

const FINISHED = 6000;
/** Open orders of each open status. */
const OPEN_EACH = 150;

/** Copies in `status`, a second apart from the original on, not paid; finished an hour after placing when finished. */
const copiesIn = (status: number) => ({
  status: sql`${status}`,
  paid_at: sql`null`,
  due_at: sql`due_at + i * interval '1 second'`,
  finished_at: sql`case when ${status} in (2, 3) then created_at + i * interval '1 second' + interval '1 hour' end`,
  created_at: sql`created_at + i * interval '1 second'`,
});

describe('the queue filtered by an open status', () => {
  it('reads the open orders for the page and its count, not the history, on a kept plan', async () => {
    const db = t.app.ctx.db;
    const { first, userIds } = await historyOrigin(db, t.app.ctx.tokens, 'Liên Quân Hàng Đợi');
    // A shop's history, in a table no statistics have been gathered on yet, and a few open orders.
    await copyOrder(db, first.id, { count: FINISHED, firstNumber: 1, userIds, set: copiesIn(ORDER_STATUS.COMPLETED) });
    await copyOrder(db, first.id, {
      count: OPEN_EACH,
      firstNumber: 100_001,
      userIds,
      set: copiesIn(ORDER_STATUS.PENDING),
    });
    await copyOrder(db, first.id, {
      count: OPEN_EACH,
      firstNumber: 200_001,
      userIds,
      set: copiesIn(ORDER_STATUS.PROCESSING),
    });

    for (const status of [ORDER_STATUS.PENDING, ORDER_STATUS.PROCESSING]) {
      const {
        value: list,
        indexEntries: entries,
        sequentialScans: scans,
      } = await db.transaction(async (tx) => {
        // The plan a connection keeps for the statement after a few calls: made without the values.
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        return readsOf(tx, 'orders', async () => {
          const filter = { status, payMethod: null, platformId: null, atRiskAt: null };
          return adminOrderList.parse(
            JSON.parse(await listOrdersBody(tx, filter, { limit: 20, offset: 0 }, new Date(), 1000)),
          );
        });
      });
      // The page and the count each read the 300 open orders' index at most; no order is read from the table's start.
      expect(scans, `status ${status}`).toBe(0);
      expect(entries, `status ${status}`).toBeLessThanOrEqual(2 * 2 * OPEN_EACH);
      expect(list.total).toBe(OPEN_EACH);
      expect(list.rows).toHaveLength(20);
      expect(list.rows.every((row) => row.status === status)).toBe(true);
      // Soonest due first, as the queue is worked.
      const due = list.rows.map((row) => row.due_at);
      expect(due).toEqual([...due].sort());
    }
  });
});
