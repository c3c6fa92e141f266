import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coinLedger, users } from '../../db/schema.js';
import { grantCoins } from '../../test/fixtures.js';
import { useTestApp } from '../../test/suite.js';
import { COIN_REASONS, applyCoinChange, type CoinChange } from './service.js';

const t = useTestApp();

/** A customer row and an access token for it, without going through a sign-in provider. */
async function newCustomer(email: string) {
  const [user] = await t.app.ctx.db.insert(users).values({ email, name: email.split('@')[0]!, provider: 'test' }).returning();
  return { userId: user!.id, token: await t.app.ctx.tokens.sign({ userId: user!.id, email }) };
}

async function balance(userId: string) {
  const [user] = await t.app.ctx.db.select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  const ledger = await t.app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(coinLedger.id);
  return { coinTotal: user!.coinTotal, ledger };
}

const change = (c: CoinChange) => t.app.ctx.db.transaction((tx) => applyCoinChange(tx, c));

describe('GET /bank/api/v1/bank', () => {
  it('returns the signed-in customer’s coin total', async () => {
    const { userId, token } = await newCustomer('bank@lucky.test');
    const before = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ total: 0 });

    // Through the ledger, as every change of the app's own: a total the app keeps (decision 0047) is read again.
    await change({ userId, delta: 1_250, reason: COIN_REASONS.ADMIN_ADJUSTMENT });
    const after = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token });
    expect(after.json()).toEqual({ total: 1_250 });
  });

  it('asks an anonymous visitor to sign in', async () => {
    const res = await t.request({ method: 'GET', url: '/bank/api/v1/bank' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Vui lòng đăng nhập để tiếp tục', code: 'UNAUTHENTICATED' });
  });

  it('treats a token of a user that no longer exists as an expired session', async () => {
    const token = await t.app.ctx.tokens.sign({ userId: '00000000-0000-4000-8000-000000000000', email: 'ghost@lucky.test' });
    const res = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token });
    expect(res.statusCode).toBe(401);
  });
});

describe('applyCoinChange', () => {
  it('writes a ledger row with the balance after it and updates the cached total', async () => {
    const { userId } = await newCustomer('ledger@lucky.test');
    const admin = await newCustomer('admin-ledger@lucky.test');
    expect(await change({ userId, delta: 300, reason: COIN_REASONS.ADMIN_ADJUSTMENT, actorId: admin.userId, note: 'bù lỗi' })).toEqual({
      coinTotal: 300,
    });
    expect(await change({ userId, delta: -120, reason: COIN_REASONS.ORDER_DEBIT })).toEqual({ coinTotal: 180 });

    const { coinTotal, ledger } = await balance(userId);
    expect(coinTotal).toBe(180);
    expect(ledger.map((row) => [row.delta, row.balanceAfter, row.reason, row.actorId, row.note])).toEqual([
      [300, 300, 'admin_adjustment', admin.userId, 'bù lỗi'],
      [-120, 180, 'order_debit', null, ''],
    ]);
  });

  it('may spend the balance down to exactly zero', async () => {
    const { userId } = await newCustomer('zero@lucky.test');
    await grantCoins(t.app.ctx.db, userId, 50);
    expect(await change({ userId, delta: -50, reason: COIN_REASONS.ORDER_DEBIT })).toEqual({ coinTotal: 0 });
  });

  it('refuses to go below zero with 409 NOT_ENOUGH_COINS and writes nothing', async () => {
    const { userId } = await newCustomer('broke@lucky.test');
    await grantCoins(t.app.ctx.db, userId, 100);
    await expect(change({ userId, delta: -101, reason: COIN_REASONS.ORDER_DEBIT })).rejects.toMatchObject({
      statusCode: 409,
      code: 'NOT_ENOUGH_COINS',
      message: 'Số coin của bạn không đủ để thanh toán đơn hàng này',
    });
    const { coinTotal, ledger } = await balance(userId);
    expect(coinTotal).toBe(100);
    expect(ledger).toHaveLength(1);
  });

  it('writes no ledger row for a change of zero and rejects fractions of a coin', async () => {
    const { userId } = await newCustomer('nothing@lucky.test');
    expect(await change({ userId, delta: 0, reason: COIN_REASONS.ORDER_GIFT })).toEqual({ coinTotal: 0 });
    await expect(change({ userId, delta: 1.5, reason: COIN_REASONS.ORDER_GIFT })).rejects.toThrow(/integer/);
    expect((await balance(userId)).ledger).toHaveLength(0);
  });

  it('keeps the total equal to the ledger when many debits race (PostgreSQL runs them truly in parallel)', async () => {
    const { userId } = await newCustomer('race@lucky.test');
    await grantCoins(t.app.ctx.db, userId, 100);
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () => change({ userId, delta: -10, reason: COIN_REASONS.ORDER_DEBIT })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const { coinTotal, ledger } = await balance(userId);
    expect(coinTotal).toBe(0);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect(ledger.map((row) => row.balanceAfter).sort((a, b) => b - a)).toEqual([100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0]);
  });
});
