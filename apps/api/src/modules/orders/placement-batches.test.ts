/**
 * Orders placed at the same moment are written together (placement-batches.ts, migration 0019, decision 0031):
 * one transaction for the lot, each order answered as it would be alone, an order at fault failing alone, and a
 * write that stalls not holding the next back. Placements go through the app's own batches (ctx.placements), as
 * the order route's do, or through batches of the test's own where the test needs a stalling database.
 */
import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { auditLog, events, orderLines, orders } from '../../db/schema.js';
import { grantCoins } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { createPlacementBatches } from './placement-batches.js';
import * as repo from './repository.js';
import type { PlaceOrderOutcome } from './repository.js';
import { customerAndItem, newCode, placementWrite } from './test-support.js';

const t = useTestApp();

const shop = () => customerAndItem(t.app.ctx.db, t.app.ctx.tokens);

/** How many transactions wrote these orders (a row's xmin is the transaction that wrote it). */
async function transactionsThatWrote(ids: string[]): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ xmin: sql<string>`xmin::text` })
    .from(orders)
    .where(inArray(orders.id, ids));
  expect(rows).toHaveLength(ids.length);
  return new Set(rows.map((row) => row.xmin)).size;
}

describe('orders placed at the same moment', () => {
  it('are written in one transaction once a write is under way, each answered as if alone', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, shop));
    const writes = customers.map((customer) => placementWrite(customer, { code: newCode(), key: null }));

    const answers = await Promise.all(writes.map((write) => t.app.ctx.placements.place(write)));

    expect(answers.map((answer) => answer.outcome)).toEqual(Array(8).fill('placed'));
    const eventIds = answers.map((answer) => (answer as Extract<PlaceOrderOutcome, { outcome: 'placed' }>).event_id);
    expect(new Set(eventIds).size).toBe(8);
    // The first goes at once, alone; the seven that came while it was under way go together.
    expect(await transactionsThatWrote(writes.slice(0, 1).map((write) => write.order.id))).toBe(1);
    expect(await transactionsThatWrote(writes.slice(1).map((write) => write.order.id))).toBe(1);
  });

  it("never spend one customer's coins twice, and answer a key retried in the same batch with the first order", async () => {
    const customer = await shop();
    await grantCoins(t.app.ctx.db, customer.customer.userId, 500);
    const opener = placementWrite(customer, { code: newCode(), key: 'mo-dau' });
    // Five coin orders of 200 coins against 500: two fit. Then the same key twice.
    const coinOrders = Array.from({ length: 5 }, (_, i) =>
      placementWrite(customer, { code: newCode(), key: `xu-${i}`, payMethod: 0 }),
    );
    const [first, retry] = [0, 1].map(() => placementWrite(customer, { code: newCode(), key: 'cung-khoa' }));

    const [, ...answers] = await Promise.all(
      [opener, ...coinOrders, first!, retry!].map((write) => t.app.ctx.placements.place(write)),
    );

    // Written in the order of their shard (migration 0019), not of arrival: which two fit is the batch's to say.
    const coinOutcomes = answers.slice(0, 5).map((answer) => answer.outcome);
    expect([...coinOutcomes].sort()).toEqual(['no_coins', 'no_coins', 'no_coins', 'placed', 'placed']);
    const spent = coinOrders.filter((_, i) => coinOutcomes[i] === 'placed').map((write) => write.order.id);
    expect(
      await t.app.ctx.db
        .select({ coins: sql<number>`sum(total_coin)::int` })
        .from(orders)
        .where(inArray(orders.id, spent)),
    ).toEqual([{ coins: 400 }]);
    // One of the two with the same key is placed, the other answered with it.
    const pair = [first!, retry!];
    const placedOne = pair[answers.slice(5).findIndex((answer) => answer.outcome === 'placed')]!;
    expect(answers.slice(5)).toContainEqual({ outcome: 'replay', id: placedOne.order.id, request_hash: 'hash-1' });
    expect(await transactionsThatWrote([...spent, placedOne.order.id])).toBe(1);
  });

  it('answer a taken code, a used key and a customer who is gone as place_order would, and write the rest whole', async () => {
    const [earlier, mine, ...others] = await Promise.all(Array.from({ length: 4 }, shop));
    const takenCode = newCode();
    const first = await repo.placeOrder(t.app.ctx.db, placementWrite(earlier!, { code: takenCode, key: null }));
    const keyed = placementWrite(mine!, { code: newCode(), key: 'gio-hang-cu' });
    expect((await repo.placeOrder(t.app.ctx.db, keyed)).outcome).toBe('placed');
    expect(first.outcome).toBe('placed');

    const opener = placementWrite(others[0]!, { code: newCode(), key: null });
    const taken = placementWrite(mine!, { code: takenCode, key: 'gio-hang-moi' });
    const retried = placementWrite(mine!, { code: newCode(), key: 'gio-hang-cu' });
    const gone = placementWrite(others[1]!, { code: newCode(), key: null });
    gone.order.userId = crypto.randomUUID();
    const fresh = [
      placementWrite(others[0]!, { code: newCode(), key: 'k-1' }),
      placementWrite(others[1]!, { code: newCode(), key: null }),
    ];

    const [, ...answers] = await Promise.all(
      [opener, taken, retried, gone, ...fresh].map((write) => t.app.ctx.placements.place(write)),
    );

    expect(answers.slice(0, 3)).toEqual([
      { outcome: 'code_taken' },
      { outcome: 'replay', id: keyed.order.id, request_hash: 'hash-1' },
      { outcome: 'no_user' },
    ]);
    expect(answers.slice(3).map((answer) => answer.outcome)).toEqual(['placed', 'placed']);
    const placedIds = fresh.map((write) => write.order.id);
    expect(await transactionsThatWrote(placedIds)).toBe(1);
    // Each order written whole (its line, its audit row, its event), and nothing for those refused.
    const written = [...placedIds, taken.order.id, retried.order.id, gone.order.id];
    const db = t.app.ctx.db;
    expect(
      (await db.select({ id: orderLines.orderId }).from(orderLines).where(inArray(orderLines.orderId, written)))
        .map((row) => row.id)
        .sort(),
    ).toEqual([...placedIds].sort());
    expect(
      (await db.select({ id: auditLog.entityId }).from(auditLog).where(inArray(auditLog.entityId, written)))
        .map((row) => row.id)
        .sort(),
    ).toEqual([...placedIds].sort());
    const published = await db
      .select({ id: events.id, entityId: events.entityId })
      .from(events)
      .where(inArray(events.entityId, written));
    expect(published.map((row) => row.entityId).sort()).toEqual([...placedIds].sort());
    const eventIds = answers
      .slice(3)
      .map((answer) => (answer as Extract<PlaceOrderOutcome, { outcome: 'placed' }>).event_id);
    expect(eventIds.map(Number).sort()).toEqual(published.map((row) => Number(row.id)).sort());
  });

  it('fail alone when one of them breaks a rule of the database: the others are placed', async () => {
    const customers = await Promise.all(Array.from({ length: 4 }, shop));
    const writes = customers.map((customer) => placementWrite(customer, { code: newCode(), key: null }));
    // A game that does not exist: the order's foreign key refuses it, and with it the whole batch's transaction.
    writes[2]!.order.platformId = 2_000_000_000;
    const split: number[] = [];
    const batches = createPlacementBatches(t.app.ctx.db, {
      stallMs: 60_000,
      maxBatch: 32,
      onSplit: (_, count) => split.push(count),
    });

    const answers = await Promise.allSettled(writes.map((write) => batches.place(write)));

    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(split).toEqual([3]);
    const placed = [0, 1, 3].map((i) => writes[i]!.order.id);
    expect(await transactionsThatWrote(placed)).toBe(3);
    expect(
      await t.app.ctx.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, [writes[2]!.order.id])),
    ).toEqual([]);
  });

  it('are not held back by a write that stalls: the next starts beside it', async () => {
    // A database whose first call waits for the test to let it go, as a write waits on a row another transaction holds.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let calls = 0;
    const db = new Proxy(t.app.ctx.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          (++calls === 1 ? held : Promise.resolve()).then(() => Reflect.apply(value, target, args) as unknown);
      },
    }) as Db;
    const batches = createPlacementBatches(db, { stallMs: 50, maxBatch: 32 });
    const [slow, quick] = await Promise.all([shop(), shop()]);

    const settled: string[] = [];
    const slowAnswer = batches.place(placementWrite(slow, { code: newCode(), key: null })).then((answer) => {
      settled.push('slow');
      return answer;
    });
    const quickAnswer = batches.place(placementWrite(quick, { code: newCode(), key: null })).then((answer) => {
      settled.push('quick');
      return answer;
    });

    expect((await quickAnswer).outcome).toBe('placed');
    expect(settled).toEqual(['quick']);
    letGo();
    expect((await slowAnswer).outcome).toBe('placed');
    expect(settled).toEqual(['quick', 'slow']);
  });
});
