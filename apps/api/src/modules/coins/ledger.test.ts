/**
 * The coin ledger guards itself in the database (migration 0003), whatever code runs against it: rows are
 * never changed or removed, and an order moves coins at most once per reason.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinLedger, users } from '../../db/schema.js';
import { createCustomer, createOrder, grantCoins } from '../../test/fixtures.js';
import { useGameWithPackage, useTestApp } from '../../test/suite.js';
import { COIN_REASONS, applyCoinChange } from './service.js';

const t = useTestApp();
const game = useGameWithPackage(t);
const db = () => t.app.ctx.db;

/** The PostgreSQL error behind drizzle's wrapper: SQLSTATE, constraint, message. */
async function failure(run: () => Promise<unknown>): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await run();
  } catch (error) {
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      const pgError = e as Error & { code?: string; constraint?: string };
      if (typeof pgError.code === 'string') return { code: pgError.code, constraint: pgError.constraint, message: pgError.message };
    }
    throw error;
  }
  throw new Error('expected the statement to fail');
}

async function customerWithCoins(coins: number) {
  const c = await createCustomer(db(), t.app.ctx.tokens);
  await grantCoins(db(), c.userId, coins);
  return c;
}

const ledgerOf = (userId: string) => db().select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(coinLedger.id);

describe('coin_ledger is append-only', () => {
  it('refuses UPDATE of a row, leaving it as written', async () => {
    const c = await customerWithCoins(100);
    const refused = await failure(() => db().update(coinLedger).set({ delta: 1_000_000 }).where(eq(coinLedger.userId, c.userId)));
    expect(refused).toMatchObject({ code: '23001', message: expect.stringContaining('append-only') });
    expect((await ledgerOf(c.userId)).map((row) => row.delta)).toEqual([100]);
  });

  it('refuses DELETE of a row', async () => {
    const c = await customerWithCoins(100);
    const refused = await failure(() => db().delete(coinLedger).where(eq(coinLedger.userId, c.userId)));
    expect(refused).toMatchObject({ code: '23001', message: expect.stringContaining('append-only') });
    expect(await ledgerOf(c.userId)).toHaveLength(1);
  });

  it('refuses TRUNCATE', async () => {
    await customerWithCoins(100);
    const refused = await failure(() => db().execute(sql`truncate coin_ledger`));
    expect(refused).toMatchObject({ code: '23001' });
    expect((await db().select().from(coinLedger)).length).toBeGreaterThan(0);
  });

  it('still takes new rows: a correction is a row of its own', async () => {
    const c = await customerWithCoins(100);
    await db().transaction((tx) => applyCoinChange(tx, { userId: c.userId, delta: -30, reason: COIN_REASONS.ADMIN_ADJUSTMENT, note: 'sửa nhầm' }));
    expect((await ledgerOf(c.userId)).map((row) => [row.delta, row.balanceAfter])).toEqual([
      [100, 100],
      [-30, 70],
    ]);
  });
});

describe('an order moves coins once per reason', () => {
  it('refuses a second debit row for one order, leaving the balance as the first left it', async () => {
    const c = await customerWithCoins(1_000);
    const order = await createOrder(db(), { userId: c.userId, platformId: game.platformId, payMethod: 0, status: 2, lines: [{ storeId: game.itemId, priceVnd: 0, coinCost: 300, giftCoin: 0 }] });
    const debit = { userId: c.userId, delta: -300, reason: COIN_REASONS.ORDER_DEBIT, orderId: order.id };
    await db().transaction((tx) => applyCoinChange(tx, debit));

    const refused = await failure(() => db().transaction((tx) => applyCoinChange(tx, debit)));
    expect(refused).toMatchObject({ code: '23505', constraint: 'coin_ledger_order_reason_key' });
    const [user] = await db().select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, c.userId));
    expect(user!.coinTotal).toBe(700);
    expect((await ledgerOf(c.userId)).filter((row) => row.orderId === order.id)).toHaveLength(1);
  });

  it('allows one row per reason for an order, and any number of rows without an order', async () => {
    const c = await customerWithCoins(10);
    const order = await createOrder(db(), { userId: c.userId, platformId: game.platformId, payMethod: 1, status: 2, lines: [{ storeId: game.itemId, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }] });
    await db().transaction(async (tx) => {
      await applyCoinChange(tx, { userId: c.userId, delta: 10, reason: COIN_REASONS.ORDER_GIFT, orderId: order.id });
      await applyCoinChange(tx, { userId: c.userId, delta: 20, reason: COIN_REASONS.LATE_COMPENSATION, orderId: order.id });
      await applyCoinChange(tx, { userId: c.userId, delta: 5, reason: COIN_REASONS.ADMIN_ADJUSTMENT });
      await applyCoinChange(tx, { userId: c.userId, delta: 5, reason: COIN_REASONS.ADMIN_ADJUSTMENT });
    });
    expect((await ledgerOf(c.userId)).map((row) => row.reason)).toEqual(['test_grant', 'order_gift', 'late_compensation', 'admin_adjustment', 'admin_adjustment']);
    const refused = await failure(() =>
      db().transaction((tx) => applyCoinChange(tx, { userId: c.userId, delta: 20, reason: COIN_REASONS.LATE_COMPENSATION, orderId: order.id })),
    );
    expect(refused).toMatchObject({ code: '23505', constraint: 'coin_ledger_order_reason_key' });
  });
});
