import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrderList, LIST_COUNT_CAP, listTotalLabel, type AdminOrderDetail, type AdminOrderList, type AdminOrderRow } from '@lucky/shared';
import { auditLog, coinLedger, orders, users } from '../../db/schema.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createCustomer, createOrder, createPlatform, createStoreItem, createStoredFile, grantCoins } from '../../test/fixtures.js';
import { MSG } from '../../test/expected-messages.js';
import { useSignIn, useTestApp } from '../../test/suite.js';
import { dueAtFor } from './due-at.js';
import { countOrders, listOrdersBody, matchKeyword } from './admin-repository.js';

const BASE = '/order/api/v1/admin/order';

const t = useTestApp();
const adminSession = useSignIn(t, 'admin@lucky.test');
let platform: { id: number; name: string };
let otherPlatform: { id: number; name: string };
/** 20 000 VND, 200 coins, 10 gift coins. */
let item: { id: number };

beforeAll(async () => {
  platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân Admin', needLogin: true });
  otherPlatform = await createPlatform(t.app.ctx.db, { name: 'Free Fire Admin' });
  item = await createStoreItem(t.app.ctx.db, platform.id, { priceVnd: 20_000, coinCost: 200, giftCoin: 10 });
});

const db = () => t.app.ctx.db;
const customer = (values: { email?: string; name?: string } = {}) => createCustomer(db(), t.app.ctx.tokens, values);

/** An order of `quantity` × item (20 000 VND, 200 coins, 10 gift coins each). */
async function newOrder(
  userId: string,
  values: { status?: number; payMethod?: number; quantity?: number; password?: string | null; dueAt?: Date; code?: string; platformId?: number } = {},
) {
  return createOrder(db(), {
    userId,
    platformId: values.platformId ?? platform.id,
    status: values.status ?? 0,
    payMethod: values.payMethod ?? 1,
    lines: [{ storeId: item.id, priceVnd: 20_000, coinCost: 200, giftCoin: 10, quantity: values.quantity ?? 1 }],
    ...(values.password === null ? {} : { seal: (id: string) => t.app.ctx.secretBox.seal(values.password ?? 'M@tKhau-Game 123', id) }),
    ...(values.dueAt ? { dueAt: values.dueAt } : {}),
    ...(values.code ? { code: values.code } : {}),
  });
}

function patch(id: string, payload: Record<string, unknown>, token: string | null = adminSession.token) {
  return t.request({ method: 'PATCH', url: `${BASE}/${id}`, token, payload });
}

async function patchOk(id: string, payload: Record<string, unknown>): Promise<AdminOrderRow> {
  const res = await patch(id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function detail(id: string): Promise<AdminOrderDetail> {
  const res = await t.request({ method: 'GET', url: `${BASE}/${id}`, token: adminSession.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function balance(userId: string) {
  const [user] = await db().select({ coinTotal: users.coinTotal }).from(users).where(eq(users.id, userId));
  const ledger = await db().select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(asc(coinLedger.id));
  return { total: user!.coinTotal, ledger };
}

async function pending(token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url: '/order/api/v1/order/count-pending-coin', token });
  return res.json();
}

async function storedOrder(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row!;
}

const audits = (orderId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, orderId), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id));

describe('PATCH /order/api/v1/admin/order/{id}: the transition table', () => {
  const allowed = [
    [0, 1],
    [0, 3],
    [1, 2],
    [1, 3],
  ] as const;
  for (const payMethod of [0, 1]) {
    for (const [from, to] of allowed) {
      it(`moves a ${payMethod === 0 ? 'coin' : 'bank'} order ${from} → ${to}`, async () => {
        const c = await customer();
        await grantCoins(db(), c.userId, 1_000);
        const order = await newOrder(c.userId, { status: from, payMethod });
        const manual = payMethod === 1 && to === 1 ? { received_vnd: order.totalPriceVnd } : {};
        const row = await patchOk(order.id, { status: to, reason: 'Lý do kiểm thử', expected_status: from, ...manual });
        expect(row.status).toBe(to);
        expect((await storedOrder(order.id)).status).toBe(to);
        const [audit] = await audits(order.id, 'order.status');
        expect(audit).toMatchObject({ actorId: adminSession.id, before: { status: from }, after: { status: to }, reason: 'Lý do kiểm thử' });
      });
    }
  }

  const refused = [
    [0, 2],
    [1, 0],
    [2, 0],
    [2, 1],
    [2, 3],
    [3, 0],
    [3, 1],
    [3, 2],
  ] as const;
  for (const [from, to] of refused) {
    it(`refuses ${from} → ${to} with 409 and a Vietnamese message, changing nothing`, async () => {
      const c = await customer();
      await grantCoins(db(), c.userId, 1_000);
      const order = await newOrder(c.userId, { status: from, payMethod: 0 });
      const res = await patch(order.id, { status: to, reason: 'thử' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(MSG.notAllowed) });
      expect((await storedOrder(order.id)).status).toBe(from);
      expect((await balance(c.userId)).total).toBe(1_000);
      expect(await audits(order.id, 'order.status')).toHaveLength(0);
    });
  }

  it('answers a move to the status the order already has with 409 asking to reload', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 1 });
    const res = await patch(order.id, { status: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(MSG.reload);
  });

  it('refuses with 409 when the order moved since the admin looked (expected_status)', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 1 });
    const res = await patch(order.id, { status: 2, expected_status: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: expect.stringMatching(MSG.reload) });
    expect(res.json().message).toContain('Đang xử lý');
    expect((await storedOrder(order.id)).status).toBe(1);
  });
});

describe('ledger effects of a move', () => {
  it('debits a coin order’s coins when it is completed (ORDER_DEBIT, by the admin)', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    const order = await newOrder(c.userId, { status: 1, payMethod: 0, quantity: 2 });
    expect(await pending(c.token)).toBe(400);
    await patchOk(order.id, { status: 2, result_comment: 'Đã nạp xong' });
    const { total, ledger } = await balance(c.userId);
    expect(total).toBe(600);
    expect(ledger.at(-1)).toMatchObject({ delta: -400, balanceAfter: 600, reason: 'order_debit', orderId: order.id, actorId: adminSession.id });
    expect(await pending(c.token)).toBe(0);
  });

  it('credits a bank order’s gift coins when it is completed (ORDER_GIFT)', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 1, payMethod: 1, quantity: 3 });
    await patchOk(order.id, { status: 2 });
    const { total, ledger } = await balance(c.userId);
    expect(total).toBe(30);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: 30, balanceAfter: 30, reason: 'order_gift', orderId: order.id, actorId: adminSession.id });
  });

  it('releases a rejected coin order’s reservation without any ledger row', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    for (const from of [0, 1]) {
      const order = await newOrder(c.userId, { status: from, payMethod: 0 });
      expect(await pending(c.token)).toBe(200);
      await patchOk(order.id, { status: 3, reason: 'Sai thông tin tài khoản' });
      expect(await pending(c.token)).toBe(0);
    }
    const { total, ledger } = await balance(c.userId);
    expect(total).toBe(1_000);
    expect(ledger).toHaveLength(1);
  });

  it('records a refund to do for a rejected paid bank order, and none for an unpaid one', async () => {
    const c = await customer();
    const paid = await newOrder(c.userId, { status: 1, payMethod: 1 });
    const unpaid = await newOrder(c.userId, { status: 0, payMethod: 1 });
    const paidRow = await patchOk(paid.id, { status: 3, reason: 'Hết hàng' });
    const unpaidRow = await patchOk(unpaid.id, { status: 3, reason: 'Khách không chuyển khoản' });
    expect(paidRow.refund_status).toBe('due');
    expect(unpaidRow.refund_status).toBeNull();
    const [due] = await audits(paid.id, 'order.refund_due');
    expect(due).toMatchObject({ actorId: adminSession.id, after: { refund_status: 'due', amount_vnd: 20_000 }, reason: 'Hết hàng' });
    expect(await audits(unpaid.id, 'order.refund_due')).toHaveLength(0);
    expect((await balance(c.userId)).ledger).toHaveLength(0);

    const done = await t.request({ method: 'POST', url: `${BASE}/${paid.id}/refund-done`, token: adminSession.token, payload: { note: 'CK lại lúc 10h' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refund_status).toBe('done');
    const again = await t.request({ method: 'POST', url: `${BASE}/${paid.id}/refund-done`, token: adminSession.token, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Đơn hàng này không có khoản hoàn tiền đang chờ xử lý');
  });

  it('stamps paid_at when a bank order is confirmed paid, and finished_at when it ends', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 0, payMethod: 1 });
    const accepted = await patchOk(order.id, { status: 1, received_vnd: order.totalPriceVnd });
    expect(accepted.paid_at).not.toBeNull();
    // The 16:00 promise runs from the payment (docs/decisions/0008), with the configured hour.
    expect(accepted.due_at).toBe(dueAtFor(new Date(accepted.paid_at!), t.config).toISOString());
    expect(accepted.finished_at).toBeNull();
    const completed = await patchOk(order.id, { status: 2 });
    expect(completed.finished_at).not.toBeNull();
  });

  it('stores the reply and the result pictures of a completed order, for the customer to see', async () => {
    const c = await customer();
    const pictures = [await createStoredFile(db()), await createStoredFile(db())];
    const order = await newOrder(c.userId, { status: 1 });
    await patchOk(order.id, { status: 2, result_comment: '  Đã nạp 100 Quân Huy  ', result_picture: [...pictures, pictures[0]] });
    const res = await t.request({ method: 'GET', url: `/order/api/v1/order/${order.id}`, token: c.token });
    expect(res.json()).toMatchObject({ status: 2, result_comment: 'Đã nạp 100 Quân Huy', result_picture: pictures });
  });
});

describe('the game password', () => {
  const reveal = (id: string, token: string | null = adminSession.token) =>
    t.request({ method: 'POST', url: `${BASE}/${id}/reveal-password`, token });

  it('is left out of the detail, which says only whether there is one, and looking writes no reveal row', async () => {
    const c = await customer();
    const withPass = await newOrder(c.userId, { status: 0, password: 'M@tKhau-Game 123' });
    const without = await newOrder(c.userId, { status: 0, password: null });
    for (let i = 0; i < 3; i += 1) {
      const res = await t.request({ method: 'GET', url: `${BASE}/${withPass.id}`, token: adminSession.token });
      expect(res.body).not.toContain('M@tKhau');
      expect(res.json()).not.toHaveProperty('order_pass');
      expect(res.json().has_password).toBe(true);
    }
    expect((await detail(without.id)).has_password).toBe(false);
    expect(await audits(withPass.id, 'order.reveal_password')).toHaveLength(0);
    expect(await audits(without.id, 'order.reveal_password')).toHaveLength(0);
  });

  it('is revealed decrypted to an admin, one audit row per call naming the admin and the order, never the password', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 1, password: 'M@tKhau-Game 123' });
    for (let call = 1; call <= 2; call += 1) {
      const res = await reveal(order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ order_pass: 'M@tKhau-Game 123' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await audits(order.id, 'order.reveal_password')).toHaveLength(call);
    }
    const reveals = await audits(order.id, 'order.reveal_password');
    expect(reveals.map((row) => [row.actorId, row.entity, row.entityId])).toEqual([
      [adminSession.id, 'order', order.id],
      [adminSession.id, 'order', order.id],
    ]);
    expect(JSON.stringify(reveals)).not.toContain('M@tKhau');
    // Reveals are not moves: the history an admin reads leaves them out.
    expect((await detail(order.id)).history.map((h) => h.action)).not.toContain('order.reveal_password');
  });

  it('is refused to a customer with 403, even for their own order, and nothing is audited', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 0, password: 'M@tKhau-Game 123' });
    for (const token of [c.token, null]) {
      const res = await reveal(order.id, token);
      expect(res.statusCode).toBe(token ? 403 : 401);
      expect(res.body).not.toContain('M@tKhau');
    }
    expect((await reveal(order.id, c.token)).json()).toEqual({ code: 'FORBIDDEN', message: 'Bạn không có quyền thực hiện thao tác này' });
    const asCustomer = await t.request({ method: 'GET', url: `${BASE}/${order.id}`, token: c.token });
    expect(asCustomer.statusCode).toBe(403);
    const own = await t.request({ method: 'GET', url: `/order/api/v1/order/${order.id}`, token: c.token });
    expect(own.body).not.toContain('M@tKhau');
    expect(await audits(order.id, 'order.reveal_password')).toHaveLength(0);
  });

  it('reveals null for an order that never needed one, still auditing the click', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 0, password: null });
    const res = await reveal(order.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ order_pass: null });
    expect(await audits(order.id, 'order.reveal_password')).toHaveLength(1);
  });

  for (const [path, to] of [
    [[1], 2],
    [[], 3],
    [[1], 3],
  ] as const) {
    it(`is erased when the order reaches ${to} (${[0, ...path, to].join(' → ')}): has_password false, reveal gives null`, async () => {
      const c = await customer();
      const order = await newOrder(c.userId, { status: 0 });
      expect((await detail(order.id)).has_password).toBe(true);
      for (const step of [...path, to]) await patchOk(order.id, { status: step, reason: 'xong', ...(step === 1 ? { received_vnd: order.totalPriceVnd } : {}) });
      expect((await storedOrder(order.id)).passEncrypted).toBeNull();
      expect((await detail(order.id)).has_password).toBe(false);
      const res = await reveal(order.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ order_pass: null });
      expect(await audits(order.id, 'order.reveal_password')).toHaveLength(1);
    });
  }

  it('answers a password sealed under another key with a Vietnamese 500, not a wrong answer', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 0 });
    const otherKey = createSecretBox('a-secret-key-this-app-does-not-have');
    await db().update(orders).set({ passEncrypted: otherKey.seal('M@tKhau-Game 123', order.id) }).where(eq(orders.id, order.id));
    const res = await reveal(order.id);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Không giải mã được mật khẩu game của đơn này (khoá mã hoá đã thay đổi)' });
    expect(await audits(order.id, 'order.reveal_password')).toHaveLength(1);
  });

  it('answers 404 to a reveal of an unknown or malformed order id', async () => {
    for (const id of ['7d1c3a4e-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await reveal(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.orderNotFound });
      expect(await audits(id, 'order.reveal_password')).toHaveLength(0);
    }
  });

  it('shows everything the customer entered, the lines, totals, customer and the history', async () => {
    const c = await customer({ name: 'Trần Thị Bình' });
    const order = await newOrder(c.userId, { status: 0, quantity: 2 });
    await patchOk(order.id, { status: 1, reason: 'Đã nhận tiền', received_vnd: order.totalPriceVnd });
    await patchOk(order.id, { status: 3, reason: 'Tài khoản bị khoá' });
    const shown = await detail(order.id);
    expect(shown).toMatchObject({
      id: order.id,
      code: order.code,
      customer_email: c.email,
      customer_name: 'Trần Thị Bình',
      order_bank_name: 'Nguyễn Văn An',
      order_server: 'Asia',
      order_uid: '123456789',
      total_price: 40_000,
      total_coin: 400,
      total_gift_coin: 20,
      stores: [{ store_id: item.id, price: 20_000, coin: 200, gift_coin: 10, quantity: 2 }],
      refund_status: 'due',
    });
    expect(shown.history.map((h) => [h.action, h.from_status, h.to_status, h.reason, h.actor_email])).toEqual([
      ['order.status', 0, 1, 'Đã nhận tiền', 'admin@lucky.test'],
      ['order.status', 1, 3, 'Tài khoản bị khoá', 'admin@lucky.test'],
      ['order.refund_due', null, null, 'Tài khoản bị khoá', 'admin@lucky.test'],
    ]);
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['7d1c3a4e-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.request({ method: 'GET', url: `${BASE}/${id}`, token: adminSession.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: MSG.orderNotFound });
      const moved = await patch(id, { status: 1 });
      expect(moved.statusCode).toBe(404);
    }
  });
});

describe('bad input is a 4xx in Vietnamese, never a 500', () => {
  let orderId: string;
  beforeAll(async () => {
    const c = await customer();
    orderId = (await newOrder(c.userId, { status: 1 })).id;
  });

  it('needs a reason to reject', async () => {
    for (const reason of [undefined, '', '   ']) {
      const res = await patch(orderId, { status: 3, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: MSG.rejectReason });
    }
  });

  it('takes the reply as the reason of a rejection that gives no separate reason', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 1 });
    const res = await patch(order.id, { status: 3, result_comment: 'Sai UID, vui lòng đặt lại đơn' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 3, result_comment: 'Sai UID, vui lòng đặt lại đơn', refund_status: 'due' });
    const detail = await t.request({ method: 'GET', url: `/order/api/v1/admin/order/${order.id}`, token: adminSession.token });
    expect(detail.json().history.at(-2)).toMatchObject({ to_status: 3, reason: 'Sai UID, vui lòng đặt lại đơn' });
  });

  it('refuses malformed bodies', async () => {
    const picture = await createStoredFile(db());
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{}, 'Dữ liệu gửi lên không hợp lệ'],
      [{ status: 7 }, 'Dữ liệu gửi lên không hợp lệ'],
      [{ status: '2' }, 'Dữ liệu gửi lên không hợp lệ'],
      [{ status: 1.5 }, 'Dữ liệu gửi lên không hợp lệ'],
      [{ status: 2, result_comment: 'x'.repeat(2001) }, 'Thông tin quá dài (tối đa 2000 ký tự)'],
      [{ status: 2, result_picture: Array.from({ length: 11 }, () => picture) }, MSG.tooManyPictures],
      [{ status: 2, result_picture: ['../etc/passwd'] }, MSG.pictureNotFound],
      [{ status: 2, result_picture: ['a'.repeat(64)] }, MSG.pictureNotFound],
      [{ status: 2, result_picture: 'abc' }, 'Dữ liệu gửi lên không hợp lệ'],
      [{ status: 3, reason: 'x'.repeat(501) }, 'Thông tin quá dài (tối đa 500 ký tự)'],
      [{ status: 2, expected_status: 'một' }, 'Dữ liệu gửi lên không hợp lệ'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await storedOrder(orderId)).status).toBe(1);
  });

  it('refuses a reply on a move that does not finish the order', async () => {
    const c = await customer();
    const order = await newOrder(c.userId, { status: 0 });
    const res = await patch(order.id, { status: 1, result_comment: 'xong' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resultOnlyWhenFinished);
  });

  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `${BASE}/${orderId}`,
      token: adminSession.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"status": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_JSON');
  });

  it('refuses bad list filters', async () => {
    for (const query of ['status=9', 'status=abc', 'limit=1000', 'page=0', 'pay_method=5', 'platform_id=-1', 'at_risk=yes', 'at_risk=1', `q=${'a'.repeat(101)}`]) {
      const res = await t.request({ method: 'GET', url: `${BASE}/list?${query}`, token: adminSession.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/^(Dữ liệu gửi lên không hợp lệ|Thông tin quá dài)/);
    }
  });
});

describe('two admins at once', () => {
  it('let exactly one of two simultaneous completions through; the other gets 409 and nothing is debited twice', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    const order = await newOrder(c.userId, { status: 1, payMethod: 0 });
    const results = await Promise.all([patch(order.id, { status: 2, expected_status: 1 }), patch(order.id, { status: 2, expected_status: 1 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toMatch(MSG.reload);
    const { total, ledger } = await balance(c.userId);
    expect(total).toBe(800);
    expect(ledger.filter((row) => row.reason === 'order_debit')).toHaveLength(1);
  });

  it('let one of a completion and a rejection win, never both', async () => {
    const c = await customer();
    await grantCoins(db(), c.userId, 1_000);
    const order = await newOrder(c.userId, { status: 1, payMethod: 0 });
    const results = await Promise.all([patch(order.id, { status: 2 }), patch(order.id, { status: 3, reason: 'Từ chối' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await storedOrder(order.id)).status;
    expect((await balance(c.userId)).total).toBe(final === 2 ? 800 : 1_000);
    expect(await audits(order.id, 'order.status')).toHaveLength(1);
  });
});

describe('GET /order/api/v1/admin/order/list', () => {
  let bucket: { userId: string; token: string; email: string };
  const codes: Record<string, string> = {};
  let now: number;
  beforeAll(async () => {
    now = Date.now();
    bucket = await customer({ name: 'Đặng Hữu Lộc', email: `loc-${Date.now()}@lucky.test` });
    const hour = 60 * 60 * 1000;
    const make = async (key: string, values: Parameters<typeof newOrder>[1]) => {
      codes[key] = (await newOrder(bucket.userId, { code: `LST${key.toUpperCase()}${now % 100000}`, ...values })).code;
    };
    await make('late', { status: 1, dueAt: new Date(now - hour) });
    await make('soon', { status: 0, dueAt: new Date(now + 30 * 60 * 1000) });
    await make('later', { status: 0, payMethod: 0, dueAt: new Date(now + 5 * hour), platformId: otherPlatform.id });
    await make('done', { status: 1, dueAt: new Date(now - 2 * hour) });
    await patchOk((await db().select().from(orders).where(eq(orders.code, codes.done!)))[0]!.id, { status: 2 });
  });

  async function list(query: string): Promise<AdminOrderList> {
    const res = await t.request({ method: 'GET', url: `${BASE}/list?${query}`, token: adminSession.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('finds a customer’s orders by name without accents or case, open ones by due time, then finished ones', async () => {
    const found = await list('q=dang huu LOC&limit=50');
    expect(found.total).toBe(4);
    expect(found.rows.map((row) => row.code)).toEqual([codes.late, codes.soon, codes.later, codes.done]);
    expect(found.rows.map((row) => row.at_risk)).toEqual([true, true, false, false]);
    expect(found.rows[0]).toMatchObject({ customer_email: bucket.email, customer_name: 'Đặng Hữu Lộc', user_id: bucket.userId });
  });

  it('searches by order code and by email, and filters by status, payment method and platform', async () => {
    expect((await list(`q=${codes.soon!.toLowerCase()}`)).rows.map((row) => row.code)).toEqual([codes.soon]);
    expect((await list(`q=${encodeURIComponent(bucket.email.toUpperCase())}`)).total).toBe(4);
    expect((await list('q=Đặng Hữu&status=2')).rows.map((row) => row.code)).toEqual([codes.done]);
    expect((await list('q=Đặng Hữu&status=-1')).total).toBe(4);
    expect((await list('q=Đặng Hữu&status=')).total).toBe(4);
    expect((await list('q=Đặng Hữu&pay_method=0')).rows.map((row) => row.code)).toEqual([codes.later]);
    expect((await list(`q=Đặng Hữu&platform_id=${otherPlatform.id}`)).rows.map((row) => row.code)).toEqual([codes.later]);
    expect((await list('q=100%25_khong_co')).total).toBe(0);
  });

  it('pages without overlap', async () => {
    const first = await list('q=dang huu loc&limit=3&page=1');
    const second = await list('q=dang huu loc&limit=3&page=2');
    expect(first.rows).toHaveLength(3);
    expect(second.rows.map((row) => row.code)).toEqual([codes.done]);
    expect(second.total).toBe(4);
  });

  it('filters at-risk orders (at_risk=true): only open ones due within the hour or past due, with their total, paged', async () => {
    const risky = await list('q=dang huu loc&at_risk=true');
    expect(risky.total).toBe(2);
    expect(risky.rows.map((row) => row.code)).toEqual([codes.late, codes.soon]);
    expect(risky.rows.every((row) => row.at_risk)).toBe(true);

    const second = await list('q=dang huu loc&at_risk=true&limit=1&page=2');
    expect(second.rows.map((row) => row.code)).toEqual([codes.soon]);
    expect(second.total).toBe(2);
    expect((await list('q=dang huu loc&at_risk=true&limit=1&page=3')).rows).toEqual([]);

    // It combines with the other filters; false or empty means no such filter.
    expect((await list('q=dang huu loc&at_risk=true&status=0')).rows.map((row) => row.code)).toEqual([codes.soon]);
    expect((await list('q=dang huu loc&at_risk=true&pay_method=0')).total).toBe(0);
    expect((await list('q=dang huu loc&at_risk=false')).total).toBe(4);
    expect((await list('q=dang huu loc&at_risk=')).total).toBe(4);
  });

  it('draws the at-risk line at one hour from now, and leaves out finished orders however late', async () => {
    const c = await customer({ name: 'Vương Thị Hạn' });
    const minute = 60 * 1000;
    const at = Date.now();
    const inside = await newOrder(c.userId, { status: 1, dueAt: new Date(at + 59 * minute) });
    await newOrder(c.userId, { status: 0, dueAt: new Date(at + 61 * minute) });
    const overdue = await newOrder(c.userId, { status: 0, dueAt: new Date(at - 3 * 24 * 60 * minute) });
    for (const to of [2, 3]) {
      const finished = await newOrder(c.userId, { status: 1, dueAt: new Date(at - 2 * 60 * minute) });
      await patchOk(finished.id, { status: to, reason: 'xong' });
    }
    const risky = await list('q=vuong thi han&at_risk=true');
    expect(risky.rows.map((row) => row.id)).toEqual([overdue.id, inside.id]);
    expect(risky.total).toBe(2);
    expect((await list('q=vuong thi han')).total).toBe(5);
  });

  it('answers each row in the documented shape, exactly as the order’s own page shows it, money owed back included', async () => {
    const c = await customer({ name: 'Tạ Thị "Hoàn" Tiền' });
    const refunded = await newOrder(c.userId, { status: 1, dueAt: new Date(Date.now() - 60 * 60 * 1000) });
    await db()
      .update(orders)
      .set({ status: 3, refundStatus: 'due', receivedVnd: 70_000, excessVnd: 20_000, unverifiedVnd: 50_000, finishedAt: new Date(), resultComment: 'Hoàn\n"tiền"', resultPicture: ['x1.webp'] })
      .where(eq(orders.id, refunded.id));
    await newOrder(c.userId, { status: 0 });
    const res = await t.request({ method: 'GET', url: `${BASE}/list?q=ta thi&limit=50`, token: adminSession.token });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body: unknown = res.json();
    expect(adminOrderList.parse(body)).toStrictEqual(body);
    const rows = (body as AdminOrderList).rows;
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === refunded.id)).toMatchObject({ refund_status: 'due', refund_vnd: 50_000, received_vnd: 70_000, payment_unverified: true });
    for (const row of rows) {
      const detail = await t.request({ method: 'GET', url: `${BASE}/${row.id}`, token: adminSession.token });
      const { has_password: _password, history: _history, ...own } = detail.json() as AdminOrderDetail;
      expect(row).toEqual(own);
    }
  });

  it('agrees across the whole queue with each row’s own status and due time', async () => {
    const cutoff = Date.now() + 60 * 60 * 1000;
    const all: AdminOrderRow[] = [];
    for (let page = 1; ; page += 1) {
      const chunk = await list(`limit=50&page=${page}`);
      all.push(...chunk.rows);
      if (all.length >= chunk.total || chunk.rows.length === 0) break;
    }
    const expected = all.filter((row) => (row.status === 0 || row.status === 1) && Date.parse(row.due_at) <= cutoff).map((row) => row.id);
    const risky = await list('at_risk=true&limit=50');
    expect(risky.total).toBe(expected.length);
    expect(risky.rows.map((row) => row.id).sort()).toEqual(expected.sort());
    const dashboard = await t.request({ method: 'GET', url: '/order/api/v1/admin/dashboard', token: adminSession.token });
    expect(dashboard.json().at_risk).toBe(expected.length);
  });
});

describe('GET /order/api/v1/admin/order/list: search through indexes, pages that hold (decision 0013)', () => {
  async function list(query: string): Promise<AdminOrderList> {
    const res = await t.request({ method: 'GET', url: `${BASE}/list?${query}`, token: adminSession.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const hour = 60 * 60 * 1000;

  it('finds the order a whole code names, alone, even when a customer’s email contains that code', async () => {
    const code = `LK${Date.now().toString(36).toUpperCase().slice(-8)}`;
    const owner = await customer({ name: 'Chủ Đơn Mã' });
    const exact = await newOrder(owner.userId, { code, status: 2 });
    // Open and due sooner: without the exact match it would head the queue.
    const lookalike = await customer({ email: `${code.toLowerCase()}@lucky.test` });
    const other = await newOrder(lookalike.userId, { status: 0, dueAt: new Date(Date.now() + hour) });

    for (const q of [code, code.toLowerCase(), `  ${code} `]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.rows.map((row) => row.id), q).toEqual([exact.id]);
      expect(found.total).toBe(1);
    }
    // The other filters still apply to it.
    expect(await list(`q=${code}&status=0`)).toEqual({ rows: [], total: 0 });
    // Part of a code is a "contains" search over codes, emails and names, in queue order.
    const part = code.slice(2, 9).toLowerCase();
    expect((await list(`q=${part}`)).rows.map((row) => row.id)).toEqual([other.id, exact.id]);
  });

  it('finds orders by a customer’s name typed without accents, and follows a renamed customer', async () => {
    const c = await customer({ name: 'Trịnh Công Sơn' });
    const order = await newOrder(c.userId);
    expect((await list('q=trinh cong son')).rows.map((row) => row.id)).toEqual([order.id]);
    await db().update(users).set({ name: 'Khánh Ly' }).where(eq(users.id, c.userId));
    expect((await list('q=khanh ly')).rows.map((row) => row.id)).toEqual([order.id]);
    expect((await list('q=trinh cong son')).total).toBe(0);
  });

  it('finds customers by a whole or partial email: the part before the @ alone does not match, nor does a wildcard', async () => {
    const tag = Date.now().toString(36);
    const emails = {
      a: `${tag}.thu@${tag}-a.vn`,
      // The same part before the @, another domain.
      b: `${tag}.thu@${tag}-b.vn`,
      // Holds a's whole email inside its own.
      c: `nha.${tag}.thu@${tag}-a.vn.x`,
      // Too short before the @ for a trigram of its own.
      d: `ky@${tag}-a.vn`,
      // An underscore where a's email has a dot: LIKE's wildcard, escaped in the keyword.
      e: `${tag}_thu@${tag}-a.vn`,
    };
    const ownerOf = new Map<string, string>();
    for (const [key, email] of Object.entries(emails)) {
      const c = await customer({ email, name: `Khách Thư ${key.toUpperCase()}` });
      await newOrder(c.userId);
      ownerOf.set(c.userId, key);
    }
    const found = async (q: string) => (await list(`q=${encodeURIComponent(q)}&limit=50`)).rows.map((row) => ownerOf.get(row.user_id)).sort();
    expect(await found(emails.a)).toEqual(['a', 'c']);
    expect(await found(emails.a.toUpperCase())).toEqual(['a', 'c']);
    expect(await found(emails.b)).toEqual(['b']);
    expect(await found(`${tag}.thu@`)).toEqual(['a', 'b', 'c']);
    expect(await found(`thu@${tag}-b`)).toEqual(['b']);
    expect(await found(`@${tag}-a.vn`)).toEqual(['a', 'c', 'd', 'e']);
    expect(await found(emails.d)).toEqual(['d']);
    expect(await found(`y@${tag}-a.vn`)).toEqual(['d']);
    expect(await found(emails.e)).toEqual(['e']);
    expect(await found(`${tag}_thu@${tag}-b.vn`)).toEqual([]);
  });

  it('pages the queue and a search without overlap or gap, ties on the due time included', async () => {
    const c = await customer({ name: 'Lâm Trường Hợp' });
    const due = new Date(Date.now() + 3 * hour);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await newOrder(c.userId, { status: i % 2, dueAt: due })).id);
    for (let i = 0; i < 3; i++) {
      const finished = await newOrder(c.userId, { status: 1, dueAt: due });
      await patchOk(finished.id, { status: 2 });
      ids.add(finished.id);
    }

    const whole = await list('q=lam truong hop&limit=50');
    expect(whole.total).toBe(8);
    expect(new Set(whole.rows.map((row) => row.id))).toEqual(ids);
    for (const size of [1, 3, 5]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(8 / size); page++) paged.push(...(await list(`q=lam truong hop&limit=${size}&page=${page}`)).rows.map((row) => row.id));
      expect(paged, `pages of ${size}`).toEqual(whole.rows.map((row) => row.id));
    }

    // The whole queue: open orders by due time, then finished ones by finish time, the same in pages.
    const queue: AdminOrderRow[] = [];
    for (let page = 1; ; page++) {
      const chunk = await list(`limit=7&page=${page}`);
      queue.push(...chunk.rows);
      if (chunk.rows.length < 7) break;
    }
    expect(new Set(queue.map((row) => row.id)).size).toBe(queue.length);
    expect(queue.length).toBe((await list('limit=1')).total);
    const open = (row: AdminOrderRow) => row.status === 0 || row.status === 1;
    const firstFinished = queue.findIndex((row) => !open(row));
    expect(queue.slice(firstFinished).every((row) => !open(row))).toBe(true);
    const dues = queue.slice(0, firstFinished).map((row) => Date.parse(row.due_at));
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    const finishes = queue.slice(firstFinished).map((row) => (row.finished_at ? Date.parse(row.finished_at) : 0));
    expect(finishes).toEqual([...finishes].sort((a, b) => b - a));
  });

  it('finds the same orders, in the same order, whether a keyword names a few customers or many', async () => {
    const tag = Date.now().toString(36);
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = await customer({ name: `Bùi Thị Rộng ${tag}` });
      for (let j = 0; j < 3; j++) codes.push((await newOrder(c.userId, { status: j === 0 ? 0 : 2, dueAt: new Date(Date.now() + (i + j) * hour) })).code);
    }
    // An order whose code holds the keyword counts too, in either case.
    const other = await customer();
    codes.push((await newOrder(other.userId, { code: `LK${tag.toUpperCase()}X` })).code);
    const base = { status: null, payMethod: null, platformId: null, atRiskAt: null };
    const few = { ...base, keyword: await matchKeyword(db(), tag) };
    const many = { ...base, keyword: await matchKeyword(db(), tag, 1) };
    expect(few.keyword?.customerIds).toHaveLength(3);
    expect(many.keyword?.customerIds).toBeNull();
    const page = async (filter: typeof few, offset: number) =>
      (JSON.parse(await listOrdersBody(db(), filter, { limit: 4, offset }, new Date(), 100)) as AdminOrderList).rows;
    for (const offset of [0, 4, 8]) {
      const [a, b] = [await page(few, offset), await page(many, offset)];
      expect(b.map((row) => row.id), `offset ${offset}`).toEqual(a.map((row) => row.id));
    }
    const all = [...(await page(few, 0)), ...(await page(few, 4)), ...(await page(few, 8))].map((row) => row.code);
    expect(all.sort()).toEqual([...codes].sort());
    expect(await countOrders(db(), few, 100)).toBe(10);
    expect(await countOrders(db(), many, 100)).toBe(10);
  });

  it('counts matches only up to the cap: past it the total says "more than the cap"', async () => {
    const c = await customer({ name: 'Đếm Giới Hạn' });
    for (let i = 0; i < 4; i++) await newOrder(c.userId);
    const filter = { status: null, payMethod: null, platformId: null, keyword: await matchKeyword(db(), 'dem gioi han'), atRiskAt: null };
    expect(await countOrders(db(), filter, 10)).toBe(4);
    expect(await countOrders(db(), filter, 4)).toBe(4);
    expect(await countOrders(db(), filter, 2)).toBe(3);
    expect(listTotalLabel(3)).toBe('3');
    expect(listTotalLabel(LIST_COUNT_CAP)).toBe('1.000');
    expect(listTotalLabel(LIST_COUNT_CAP + 1)).toBe('Hơn 1.000');
  });
});
