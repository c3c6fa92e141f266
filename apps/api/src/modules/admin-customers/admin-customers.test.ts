import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, coinLedger, users } from '../../db/schema.js';
import { createCustomer, createOrder, grantCoins } from '../../test/fixtures.js';
import { MSG } from '../../test/expected-messages.js';
import { useGameWithPackage, useSignIn, useTestApp } from '../../test/suite.js';

const ADJUST = '/bank/api/v1/admin/adjust';
const LEDGER = '/bank/api/v1/admin/ledger';
const USERS = '/user/api/v1/admin/user/list';

const t = useTestApp({ OWNER_EMAILS: 'admin@lucky.test,admin2@lucky.test' });
const adminSession = useSignIn(t, 'admin@lucky.test');
const game = useGameWithPackage(t);

const db = () => t.app.ctx.db;
const customer = (values: { email?: string; name?: string } = {}) => createCustomer(db(), t.app.ctx.tokens, values);

/** A coin order holding `coins` (status 0 or 1 reserve them). */
function coinOrder(userId: string, coins: number, status = 0) {
  return createOrder(db(), { userId, platformId: game.platformId, status, payMethod: 0, lines: [{ storeId: game.itemId, priceVnd: 10_000, coinCost: coins, giftCoin: 0 }] });
}

function adjust(payload: Record<string, unknown>, token: string = adminSession.token) {
  return t.request({ method: 'POST', url: ADJUST, token, payload });
}

async function coinTotal(userId: string) {
  const [row] = await db().select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  return row!.coinTotal;
}

describe('POST /bank/api/v1/admin/adjust', () => {
  it('credits coins through the ledger, with the admin as actor and the reason as note, and audits it', async () => {
    const c = await customer();
    await coinOrder(c.userId, 100);
    const res = await adjust({ user_id: c.userId, delta: 500, reason: '  Tặng khách quen  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 500, available: 400 });
    const rows = await db().select().from(coinLedger).where(eq(coinLedger.userId, c.userId));
    expect(rows).toEqual([expect.objectContaining({ delta: 500, balanceAfter: 500, reason: 'admin_adjustment', actorId: adminSession.id, note: 'Tặng khách quen' })]);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.entityId, c.userId), eq(auditLog.action, 'coins.adjust')));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: adminSession.id, before: { coin_total: 0 }, after: { coin_total: 500, delta: 500 }, reason: 'Tặng khách quen' }),
    ]);
    const bank = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token: c.token });
    expect(bank.json()).toEqual({ total: 500 });
  });

  it('deducts down to exactly zero available coins, and no further (409 NOT_ENOUGH_COINS, nothing written)', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    await coinOrder(c.userId, 300, 1);
    const refused = await adjust({ user_id: c.userId, delta: -701, reason: 'Thu hồi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'NOT_ENOUGH_COINS', message: MSG.belowAvailable });
    expect(await coinTotal(c.userId)).toBe(1_000);

    const res = await adjust({ user_id: c.userId, delta: -700, reason: 'Thu hồi coin tặng nhầm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ total: 300, available: 0 });
    const again = await adjust({ user_id: c.userId, delta: -1, reason: 'Thu hồi' });
    expect(again.statusCode).toBe(409);
    const rows = await db().select().from(coinLedger).where(eq(coinLedger.userId, c.userId));
    expect(rows).toHaveLength(2);
  });

  it('never overspends under parallel deductions: 1 000 coins, ten −300 at once → three pass', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => adjust({ user_id: c.userId, delta: -300, reason: 'Song song' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 409)).toHaveLength(7);
    expect(await coinTotal(c.userId)).toBe(100);
    const rows = await db().select().from(coinLedger).where(eq(coinLedger.userId, c.userId)).orderBy(asc(coinLedger.id));
    expect(rows.map((row) => row.balanceAfter)).toEqual([1_000, 700, 400, 100]);
  });

  it('refuses bad input with a Vietnamese 4xx, never a 500', async () => {
    const c = await customer();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ user_id: c.userId, delta: 0, reason: 'x' }, 400, MSG.deltaInvalid],
      [{ user_id: c.userId, delta: 1.5, reason: 'x' }, 400, MSG.deltaInvalid],
      [{ user_id: c.userId, delta: '10', reason: 'x' }, 400, MSG.deltaInvalid],
      [{ user_id: c.userId, delta: 100_000_001, reason: 'x' }, 400, MSG.deltaInvalid],
      [{ user_id: c.userId, delta: -100_000_001, reason: 'x' }, 400, MSG.deltaInvalid],
      [{ user_id: c.userId, delta: 10 }, 400, MSG.reasonRequired],
      [{ user_id: c.userId, delta: 10, reason: '   ' }, 400, MSG.reasonRequired],
      [{ user_id: c.userId, delta: 10, reason: 'x'.repeat(501) }, 400, 'Thông tin quá dài (tối đa 500 ký tự)'],
      [{ user_id: 'khong-phai-uuid', delta: 10, reason: 'x' }, 400, MSG.userNotFound],
      [{ user_id: '7d1c3a4e-0000-4000-8000-000000000000', delta: 10, reason: 'x' }, 404, MSG.userNotFound],
      [{ user_id: c.userId, delta: -100_000_000, reason: 'x' }, 409, MSG.belowAvailable],
    ];
    for (const [payload, status, message] of cases) {
      const res = await adjust(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await coinTotal(c.userId)).toBe(0);
  });
});

describe('POST /bank/api/v1/admin/adjust with an Idempotency-Key: a double submit credits once', () => {
  const adjustWithKey = (payload: Record<string, unknown>, key: string) =>
    t.request({ method: 'POST', url: ADJUST, token: adminSession.token, payload, headers: { 'idempotency-key': key } });
  const ledgerOf = (userId: string) => db().select().from(coinLedger).where(eq(coinLedger.userId, userId));

  it('credits once for the same adjustment sent twice, one after the other, answering the same balance', async () => {
    const c = await customer();
    const body = { user_id: c.userId, delta: 5_000, reason: 'Bù đơn trễ' };
    const first = await adjustWithKey(body, 'adjust-1');
    const second = await adjustWithKey(body, 'adjust-1');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await coinTotal(c.userId)).toBe(5_000);
    expect(await ledgerOf(c.userId)).toHaveLength(1);
  });

  it('credits once for the same adjustment sent five times at once', async () => {
    const c = await customer();
    const body = { user_id: c.userId, delta: 700, reason: 'Bấm đúp' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => adjustWithKey(body, 'adjust-burst')));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await coinTotal(c.userId)).toBe(700);
    expect(await ledgerOf(c.userId)).toHaveLength(1);
  });

  it('refuses the same key with another amount, reason or customer (409), writing nothing', async () => {
    const [c, other] = [await customer(), await customer()];
    await adjustWithKey({ user_id: c.userId, delta: 100, reason: 'Lần đầu' }, 'adjust-reused');
    for (const body of [
      { user_id: c.userId, delta: 200, reason: 'Lần đầu' },
      { user_id: c.userId, delta: 100, reason: 'Lý do khác' },
      { user_id: other.userId, delta: 100, reason: 'Lần đầu' },
    ]) {
      const res = await adjustWithKey(body, 'adjust-reused');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'CONFLICT', message: 'Yêu cầu điều chỉnh coin trùng mã nhưng khác nội dung' });
    }
    expect(await coinTotal(c.userId)).toBe(100);
    expect(await ledgerOf(other.userId)).toEqual([]);
  });

  it('keeps each staff member’s keys their own: another owner’s same key is another adjustment', async () => {
    const c = await customer();
    const body = { user_id: c.userId, delta: 50, reason: 'Hai người' };
    await adjustWithKey(body, 'adjust-shared');
    const otherOwner = await t.signIn('admin2@lucky.test');
    const res = await t.request({ method: 'POST', url: ADJUST, token: otherOwner.access_token, payload: body, headers: { 'idempotency-key': 'adjust-shared' } });
    expect(res.statusCode).toBe(200);
    expect(await coinTotal(c.userId)).toBe(100);
  });
});

describe('GET /bank/api/v1/admin/ledger/{userId}', () => {
  it('shows the ledger newest first, with order codes and who acted, paged', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 50);
    await adjust({ user_id: c.userId, delta: 20, reason: 'Bù lỗi' });
    await adjust({ user_id: c.userId, delta: -10, reason: 'Trừ lại' });
    const res = await t.request({ method: 'GET', url: `${LEDGER}/${c.userId}?limit=2`, token: adminSession.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.rows).toEqual([
      expect.objectContaining({ delta: -10, balance_after: 60, reason: 'admin_adjustment', actor_email: 'admin@lucky.test', note: 'Trừ lại' }),
      expect.objectContaining({ delta: 20, balance_after: 70, actor_id: adminSession.id }),
    ]);
    const second = await t.request({ method: 'GET', url: `${LEDGER}/${c.userId}?limit=2&page=2`, token: adminSession.token });
    expect(second.json().rows).toEqual([expect.objectContaining({ delta: 50, actor_id: null, actor_email: null, order_code: null })]);
  });

  it('answers 404 for an unknown or malformed user, 400 for bad paging', async () => {
    for (const id of ['7d1c3a4e-0000-4000-8000-000000000000', 'abc']) {
      const res = await t.request({ method: 'GET', url: `${LEDGER}/${id}`, token: adminSession.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.userNotFound });
    }
    const c = await customer();
    const res = await t.request({ method: 'GET', url: `${LEDGER}/${c.userId}?limit=0`, token: adminSession.token });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /user/api/v1/admin/user/list', () => {
  it('finds customers by email or by name without accents, with coins, pending coins and order counts', async () => {
    const tag = `${Date.now()}`;
    const c = await customer({ email: `nguyen.thu.${tag}@lucky.test`, name: 'Nguyễn Thị Thu' });
    await grantCoins(db(), c.userId, 900);
    await coinOrder(c.userId, 200, 0);
    await coinOrder(c.userId, 100, 2);
    await createOrder(db(), { userId: c.userId, platformId: game.platformId, status: 0, payMethod: 1 });

    for (const q of ['NGUYEN THI THU', 'nguyễn thị', `thu.${tag}`]) {
      const res = await t.request({ method: 'GET', url: `${USERS}?q=${encodeURIComponent(q)}`, token: adminSession.token });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.rows.map((row: { id: string }) => row.id), q).toContain(c.userId);
      expect(body.rows.find((row: { id: string }) => row.id === c.userId)).toEqual(
        expect.objectContaining({ email: c.email, name: 'Nguyễn Thị Thu', coin_total: 900, pending_coins: 200, available_coins: 700, order_count: 3 }),
      );
    }
  });

  it('finds a renamed customer by the new name without accents, and no longer by the old one', async () => {
    const tag = `${Date.now()}`;
    const c = await customer({ email: `doi.ten.${tag}@lucky.test`, name: `Phạm Đổi Tên ${tag}` });
    await db().update(users).set({ name: `Võ Tên Mới ${tag}` }).where(eq(users.id, c.userId));
    const ids = async (q: string) =>
      (await t.request({ method: 'GET', url: `${USERS}?q=${encodeURIComponent(q)}`, token: adminSession.token })).json().rows.map((row: { id: string }) => row.id);
    expect(await ids(`vo ten moi ${tag}`)).toEqual([c.userId]);
    expect(await ids(`pham doi ten ${tag}`)).toEqual([]);
    // LIKE's wildcards in the keyword are plain characters.
    expect(await ids('%_%')).toEqual([]);
  });

  it('pages newest first, and refuses bad paging', async () => {
    await customer();
    await customer();
    const first = await t.request({ method: 'GET', url: `${USERS}?limit=1&page=1`, token: adminSession.token });
    const second = await t.request({ method: 'GET', url: `${USERS}?limit=1&page=2`, token: adminSession.token });
    expect(first.json().rows).toHaveLength(1);
    expect(first.json().rows[0].id).not.toBe(second.json().rows[0].id);
    expect(first.json().total).toBeGreaterThanOrEqual(3);
    for (const query of ['limit=51', 'page=-1', 'page=abc', `q=${'a'.repeat(101)}`]) {
      const res = await t.request({ method: 'GET', url: `${USERS}?${query}`, token: adminSession.token });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
