import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema, orderList, type Order, type OrderRequestInput } from '@lucky/shared';
import { auditLog, coinLedger, orders, platforms, storeItems, users } from '../../db/schema.js';
import { createPlatform, createStoreItem, grantCoins } from '../../test/fixtures.js';
import { MSG } from '../../test/expected-messages.js';
import { useTestApp } from '../../test/suite.js';
import { dueAtFor } from './due-at.js';
import { ORDER_CODE_PATTERN } from './order-code.js';

const ORDER_URL = '/order/api/v1/order';

const t = useTestApp();
let uidPlatform: { id: number; name: string };
let loginPlatform: { id: number; name: string };
let otherPlatform: { id: number };
/** 20 000 VND, 200 coins, 10 gift coins. */
let gem: { id: number };
/** 35 000 VND, 300 coins, 15 gift coins. */
let bigGem: { id: number };
let loginPack: { id: number };
let otherItem: { id: number };
let retiredItem: { id: number };
let itemOfClosedGame: { id: number };

beforeAll(async () => {
  const db = t.app.ctx.db;
  uidPlatform = await createPlatform(db, { name: 'Free Fire Test', needLogin: false });
  loginPlatform = await createPlatform(db, { name: 'Liên Quân Test', needLogin: true });
  otherPlatform = await createPlatform(db, { name: 'PUBG Test' });
  const closedGame = await createPlatform(db, { name: 'Game đã đóng', isActive: false });
  gem = await createStoreItem(db, uidPlatform.id, { name: 'Gói 100 Kim Cương', priceVnd: 20_000, coinCost: 200, giftCoin: 10 });
  bigGem = await createStoreItem(db, uidPlatform.id, { name: 'Gói 200 Kim Cương', priceVnd: 35_000, coinCost: 300, giftCoin: 15 });
  retiredItem = await createStoreItem(db, uidPlatform.id, { name: 'Gói cũ', isActive: false });
  loginPack = await createStoreItem(db, loginPlatform.id, { name: 'Gói 500 Quân Huy', priceVnd: 100_000, coinCost: 1_000, giftCoin: 50 });
  otherItem = await createStoreItem(db, otherPlatform.id, { name: 'Gói 60 UC' });
  itemOfClosedGame = await createStoreItem(db, closedGame.id, { name: 'Gói của game đóng' });
});

/** A fresh customer row and an access token for it, without going through a sign-in provider. */
async function newCustomer() {
  const email = `khach-${crypto.randomUUID()}@lucky.test`;
  const [user] = await t.app.ctx.db.insert(users).values({ email, name: 'Khách hàng', provider: 'test' }).returning();
  return { userId: user!.id, token: await t.app.ctx.tokens.sign({ userId: user!.id, email }) };
}

/** A valid bank order for the UID platform: two 'Gói 100 Kim Cương'. */
function uidOrder(overrides: Record<string, unknown> = {}): OrderRequestInput & Record<string, unknown> {
  return {
    order_bank_name: 'Nguyễn Văn An',
    order_contact: 'zalo 0901234567',
    order_account: '',
    order_pass: '',
    order_server: 'Asia',
    order_uid: '123456789',
    order_comment: 'Nạp giúp mình trước 12h',
    order_pay_method: 1,
    order_items: [{ id: gem.id, quantity: 2 }],
    ...overrides,
  };
}

function loginOrder(overrides: Record<string, unknown> = {}) {
  return uidOrder({
    order_account: 'an.nguyen@gmail.com',
    order_pass: 'M@tKhau-Game 123',
    order_uid: '',
    order_items: [{ id: loginPack.id, quantity: 1 }],
    ...overrides,
  });
}

function place(token: string, payload: unknown, headers: InjectOptions['headers'] = {}) {
  return t.request({ method: 'POST', url: ORDER_URL, token, payload: payload as InjectOptions['payload'], headers });
}

async function placeOk(token: string, payload: unknown, headers: InjectOptions['headers'] = {}): Promise<Order> {
  const res = await place(token, payload, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function getNumber(url: string, token: string): Promise<number> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const orderCount = (token: string) => getNumber(`${ORDER_URL}/count`, token);
const pendingCoins = (token: string) => getNumber(`${ORDER_URL}/count-pending-coin`, token);

async function setStatus(orderId: string, status: number) {
  await t.app.ctx.db.update(orders).set({ status }).where(eq(orders.id, orderId));
}

describe('POST /order/api/v1/order', () => {
  it('places a bank order priced from the database, ignoring prices the client sends', async () => {
    const { token } = await newCustomer();
    const body = uidOrder({
      total_price: 1,
      order_items: [
        { id: gem.id, quantity: 2, price: 1, coin: 0, gift_coin: 99_999, name: 'Hack' },
        { id: bigGem.id, quantity: 1 },
      ],
    });
    const order = await placeOk(token, body);

    expect(order).toMatchObject({
      status: 0,
      pay_method: 1,
      platform_id: uidPlatform.id,
      platform_name: 'Free Fire Test',
      stores: [
        { store_id: gem.id, name: 'Gói 100 Kim Cương', price: 20_000, coin: 200, gift_coin: 10, quantity: 2 },
        { store_id: bigGem.id, name: 'Gói 200 Kim Cương', price: 35_000, coin: 300, gift_coin: 15, quantity: 1 },
      ],
      total_price: 75_000,
      total_coin: 700,
      total_gift_coin: 35,
      order_bank_name: 'Nguyễn Văn An',
      order_contact: 'zalo 0901234567',
      order_server: 'Asia',
      order_uid: '123456789',
      order_comment: 'Nạp giúp mình trước 12h',
      result_comment: '',
      result_picture: [],
    });
    expect(order.code).toMatch(ORDER_CODE_PATTERN);
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.pay_qr_code).not.toBe('');
    expect(order).not.toHaveProperty('order_pass');
    expect(dueAtFor(new Date(order.created_at), t.config).toISOString()).toBe(order.due_at);
  });

  it('answers a placement as the order itself reads, in the documented shape: every field, nothing more', async () => {
    const { token } = await newCustomer();
    const res = await t.request({ method: 'POST', url: ORDER_URL, token, payload: uidOrder() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body: unknown = res.json();
    expect(orderSchema.parse(body)).toStrictEqual(body);
    const placed = body as Order;
    const again = await t.request({ method: 'GET', url: `${ORDER_URL}/${placed.id}`, token });
    expect(again.json()).toEqual(body);
  });

  it('merges repeated items of the cart into one line', async () => {
    const { token } = await newCustomer();
    const order = await placeOk(
      token,
      uidOrder({
        order_items: [
          { id: gem.id, quantity: 2 },
          { id: bigGem.id, quantity: 1 },
          { id: gem.id, quantity: 3 },
        ],
      }),
    );
    expect(order.stores.map((line) => [line.store_id, line.quantity])).toEqual([
      [gem.id, 5],
      [bigGem.id, 1],
    ]);
    expect(order.total_price).toBe(5 * 20_000 + 35_000);
  });

  it('keeps the price and name paid even after the catalogue changes', async () => {
    const { token } = await newCustomer();
    const item = await createStoreItem(t.app.ctx.db, uidPlatform.id, { name: 'Gói khuyến mãi', priceVnd: 10_000, coinCost: 100, giftCoin: 5 });
    // Written straight to the table: the catalogue in memory is dropped by hand, as a console change drops it.
    t.app.ctx.catalogue.invalidate();
    const placed = await placeOk(token, uidOrder({ order_items: [{ id: item.id, quantity: 1 }] }));

    await t.app.ctx.db
      .update(storeItems)
      .set({ name: 'Gói khuyến mãi (tăng giá)', priceVnd: 15_000, coinCost: 150, giftCoin: 0 })
      .where(eq(storeItems.id, item.id));
    t.app.ctx.catalogue.invalidate();

    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/${placed.id}`, token });
    expect(res.json().stores).toEqual([{ store_id: item.id, name: 'Gói khuyến mãi', price: 10_000, coin: 100, gift_coin: 5, quantity: 1 }]);
    const later = await placeOk(token, uidOrder({ order_items: [{ id: item.id, quantity: 1 }] }));
    expect(later.total_price).toBe(15_000);
  });

  it('stores the game password encrypted and never sends it back', async () => {
    const { token } = await newCustomer();
    const password = 'M@tKhau-Game 123';
    const placed = await placeOk(token, loginOrder({ order_pass: password }));
    expect(placed.order_account).toBe('an.nguyen@gmail.com');

    const [row] = await t.app.ctx.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row!.passEncrypted).toBeTruthy();
    expect(row!.passEncrypted).not.toContain(password);
    expect(t.app.ctx.secretBox.open(row!.passEncrypted!, placed.id)).toBe(password);
    expect(JSON.stringify(row)).not.toContain(password);

    const responses = [
      await place(token, loginOrder({ order_pass: password })),
      await t.request({ method: 'GET', url: `${ORDER_URL}/${placed.id}`, token }),
      await t.request({ method: 'GET', url: `${ORDER_URL}/list`, token }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(password);
      expect(res.body).not.toContain('order_pass');
    }
  });

  it('keeps no password for a UID platform, which does not need one', async () => {
    const { token } = await newCustomer();
    const placed = await placeOk(token, uidOrder({ order_pass: 'khong-can' }));
    const [row] = await t.app.ctx.db.select({ pass: orders.passEncrypted }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.pass).toBeNull();
  });

  it('records who placed the order in the audit log, without secrets', async () => {
    const { userId, token } = await newCustomer();
    const placed = await placeOk(token, loginOrder());
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, placed.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: userId, action: 'order.create', before: null, after: { status: 0, code: placed.code } });
    expect(JSON.stringify(rows[0])).not.toContain('M@tKhau');
  });

  describe('refuses an invalid order with 400 and a Vietnamese message', () => {
    const huge = 'x'.repeat(5_000);
    const cases: Array<[string, () => unknown, string]> = [
      ['no bank account name', () => uidOrder({ order_bank_name: '' }), MSG.fillAllFields],
      ['a bank account name of spaces', () => uidOrder({ order_bank_name: '   ' }), MSG.fillAllFields],
      ['the bank account name left out', () => ({ ...uidOrder(), order_bank_name: undefined }), MSG.fillAllFields],
      ['no server', () => uidOrder({ order_server: '' }), MSG.fillAllFields],
      ['no account for a login platform', () => loginOrder({ order_account: '' }), MSG.fillAllFields],
      ['no password for a login platform', () => loginOrder({ order_pass: '' }), MSG.fillAllFields],
      ['no UID for a UID platform', () => uidOrder({ order_uid: '' }), MSG.fillAllFields],
      ['an empty cart', () => uidOrder({ order_items: [] }), MSG.chooseProduct],
      ['no cart at all', () => ({ ...uidOrder(), order_items: undefined }), MSG.chooseProduct],
      ['a cart that is not a list', () => uidOrder({ order_items: 'gem' }), MSG.chooseProduct],
      ['an item no longer sold', () => uidOrder({ order_items: [{ id: retiredItem.id, quantity: 1 }] }), MSG.itemsUnavailable],
      ['an unknown item', () => uidOrder({ order_items: [{ id: 987_654, quantity: 1 }] }), MSG.itemsUnavailable],
      ['an item id below 1', () => uidOrder({ order_items: [{ id: -1, quantity: 1 }] }), MSG.itemsUnavailable],
      ['an item of a closed game', () => uidOrder({ order_items: [{ id: itemOfClosedGame.id, quantity: 1 }] }), MSG.itemsUnavailable],
      [
        'items of two games',
        () =>
          uidOrder({
            order_items: [
              { id: gem.id, quantity: 1 },
              { id: otherItem.id, quantity: 1 },
            ],
          }),
        MSG.itemsMixedPlatforms,
      ],
      ['quantity 0', () => uidOrder({ order_items: [{ id: gem.id, quantity: 0 }] }), MSG.invalidQuantity],
      ['quantity 101', () => uidOrder({ order_items: [{ id: gem.id, quantity: 101 }] }), MSG.invalidQuantity],
      ['quantity 1.5', () => uidOrder({ order_items: [{ id: gem.id, quantity: 1.5 }] }), MSG.invalidQuantity],
      ['quantity "2"', () => uidOrder({ order_items: [{ id: gem.id, quantity: '2' }] }), MSG.invalidQuantity],
      [
        'repeated lines adding up to more than 100',
        () =>
          uidOrder({
            order_items: [
              { id: gem.id, quantity: 60 },
              { id: gem.id, quantity: 41 },
            ],
          }),
        MSG.invalidQuantity,
      ],
      ['pay method 2', () => uidOrder({ order_pay_method: 2 }), MSG.invalidPayMethod],
      ['pay method "1"', () => uidOrder({ order_pay_method: '1' }), MSG.invalidPayMethod],
      ['a 5 000-character name', () => uidOrder({ order_bank_name: huge }), 'Thông tin quá dài (tối đa 100 ký tự)'],
      ['a 5 000-character password', () => loginOrder({ order_pass: huge }), 'Thông tin quá dài (tối đa 200 ký tự)'],
      ['a 20 000-character note', () => uidOrder({ order_comment: 'ư'.repeat(20_000) }), 'Thông tin quá dài (tối đa 1000 ký tự)'],
      ['a number as the name', () => uidOrder({ order_bank_name: 42 }), 'Dữ liệu gửi lên không hợp lệ'],
    ];

    let customer: { token: string };
    beforeAll(async () => {
      customer = await newCustomer();
    });

    it.each(cases)('%s', async (_label, body, message) => {
      const res = await place(customer.token, body());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION' });
    });

    it('names the missing fields so the form can mark them', async () => {
      const res = await place(customer.token, loginOrder({ order_account: ' ', order_pass: '' }));
      expect(res.json().fields).toEqual({ order_account: MSG.fillAllFields, order_pass: MSG.fillAllFields });
    });

    it('created no order for any of them', async () => {
      expect(await orderCount(customer.token)).toBe(0);
    });
  });

  it('answers malformed JSON with 400 BAD_JSON', async () => {
    const { token } = await newCustomer();
    const res = await t.request({
      method: 'POST',
      url: ORDER_URL,
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"order_bank_name": "An", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Dữ liệu gửi lên không đúng định dạng JSON', code: 'BAD_JSON' });
  });

  it('puts a VietQR transfer for the exact amount, with the order code as memo, on a bank order', async () => {
    const { token } = await newCustomer();
    const order = await placeOk(token, uidOrder());
    const qr = order.pay_qr_code;
    // The EMV fields a banking app reads: merchant account info (38) holds the BIN and the account,
    // 54 the amount, 62/08 the memo, 63 the CRC.
    expect(qr).toContain(t.config.bank.bin);
    expect(qr).toContain(t.config.bank.accountNumber);
    expect(qr).toContain(`5405${'40000'}`);
    expect(qr).toContain(order.code);
  });

  describe('paid with coins', () => {
    it('is accepted when the available coins cover it, with no gift coins and no QR, and reserves the coins', async () => {
      const { userId, token } = await newCustomer();
      await grantCoins(t.app.ctx.db, userId, 1_000);
      const order = await placeOk(token, uidOrder({ order_pay_method: 0 }));
      expect(order).toMatchObject({ pay_method: 0, pay_qr_code: '', total_coin: 400, total_gift_coin: 0, total_price: 40_000 });
      expect(order.stores[0]!.gift_coin).toBe(10);

      expect(await pendingCoins(token)).toBe(400);
      // Reserved, not debited: the total and the ledger are untouched until the order completes.
      const bank = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token });
      expect(bank.json()).toEqual({ total: 1_000 });
      expect(await t.app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, userId))).toHaveLength(1);
    });

    it('is refused with 409 NOT_ENOUGH_COINS when coins already reserved leave too few', async () => {
      const { userId, token } = await newCustomer();
      await grantCoins(t.app.ctx.db, userId, 1_000);
      await placeOk(token, uidOrder({ order_pay_method: 0, order_items: [{ id: gem.id, quantity: 4 }] })); // 800 coins
      const res = await place(token, uidOrder({ order_pay_method: 0 })); // 400 more
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: MSG.notEnoughCoins, code: 'NOT_ENOUGH_COINS' });
      expect(await orderCount(token)).toBe(1);
      // A bank order is still fine: it reserves no coins.
      await placeOk(token, uidOrder());
    });

    it('is refused for a customer without coins', async () => {
      const { token } = await newCustomer();
      const res = await place(token, uidOrder({ order_pay_method: 0 }));
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NOT_ENOUGH_COINS');
    });

    it('frees its reservation once rejected or completed', async () => {
      const { userId, token } = await newCustomer();
      await grantCoins(t.app.ctx.db, userId, 2_000);
      const a = await placeOk(token, uidOrder({ order_pay_method: 0 })); // 400
      const b = await placeOk(token, uidOrder({ order_pay_method: 0, order_items: [{ id: bigGem.id, quantity: 1 }] })); // 300
      await placeOk(token, uidOrder()); // bank: reserves nothing
      expect(await pendingCoins(token)).toBe(700);
      await setStatus(a.id, 1);
      expect(await pendingCoins(token)).toBe(700);
      await setStatus(a.id, 3);
      expect(await pendingCoins(token)).toBe(300);
      await setStatus(b.id, 2);
      expect(await pendingCoins(token)).toBe(0);
    });
  });

  it('asks to sign in again when the signed-in customer no longer exists, writing nothing', async () => {
    const { userId, token } = await newCustomer();
    await t.app.ctx.db.delete(users).where(eq(users.id, userId));
    const res = await place(token, uidOrder());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại');
    expect(await t.app.ctx.db.select().from(orders).where(eq(orders.userId, userId))).toEqual([]);
  });

  describe('with an Idempotency-Key', () => {
    it('returns the first order for a retry of the same request instead of placing another', async () => {
      const { token } = await newCustomer();
      const headers = { 'idempotency-key': 'cart-7f3a-1' };
      const first = await placeOk(token, uidOrder(), headers);
      const again = await placeOk(token, uidOrder(), headers);
      expect(again).toEqual(first);
      expect(await orderCount(token)).toBe(1);
    });

    it('refuses the same key with a different request (409)', async () => {
      const { token } = await newCustomer();
      const headers = { 'idempotency-key': 'cart-7f3a-2' };
      await placeOk(token, uidOrder(), headers);
      const res = await place(token, uidOrder({ order_items: [{ id: gem.id, quantity: 3 }] }), headers);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Yêu cầu đặt hàng trùng mã nhưng khác nội dung', code: 'CONFLICT' });
      expect(await orderCount(token)).toBe(1);
    });

    it('replays a coin order even when its own reservation leaves no coins for a second one', async () => {
      const { userId, token } = await newCustomer();
      await grantCoins(t.app.ctx.db, userId, 400);
      const headers = { 'idempotency-key': 'coin-retry' };
      const first = await placeOk(token, uidOrder({ order_pay_method: 0 }), headers);
      expect((await placeOk(token, uidOrder({ order_pay_method: 0 }), headers)).id).toBe(first.id);
    });

    it('returns the first order for a retry even after its item has left the catalogue', async () => {
      const { token } = await newCustomer();
      const item = await createStoreItem(t.app.ctx.db, uidPlatform.id, { name: 'Gói sắp ngừng bán' });
      t.app.ctx.catalogue.invalidate();
      const headers = { 'idempotency-key': 'retry-after-delist' };
      const body = uidOrder({ order_items: [{ id: item.id, quantity: 1 }] });
      const first = await placeOk(token, body, headers);

      await t.app.ctx.db.update(storeItems).set({ isActive: false }).where(eq(storeItems.id, item.id));
      t.app.ctx.catalogue.invalidate();
      expect(await placeOk(token, body, headers)).toEqual(first);
      const fresh = await place(token, body, { 'idempotency-key': 'a-new-cart' });
      expect(fresh.statusCode).toBe(400);
      expect(fresh.json().message).toBe('Sản phẩm không tồn tại hoặc đã ngừng bán');
      expect(await orderCount(token)).toBe(1);
    });

    it('keeps keys apart between customers', async () => {
      const a = await newCustomer();
      const b = await newCustomer();
      const headers = { 'idempotency-key': 'same-key' };
      const orderA = await placeOk(a.token, uidOrder(), headers);
      const orderB = await placeOk(b.token, uidOrder(), headers);
      expect(orderB.id).not.toBe(orderA.id);
    });

    it('refuses a key longer than 100 characters', async () => {
      const { token } = await newCustomer();
      const res = await place(token, uidOrder(), { 'idempotency-key': 'k'.repeat(101) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Thông tin quá dài (tối đa 100 ký tự)');
    });
  });
});

describe('GET /order/api/v1/order/list', () => {
  let a: { token: string };
  let placed: Order[];
  beforeAll(async () => {
    a = await newCustomer();
    placed = [];
    for (let i = 1; i <= 12; i++) placed.push(await placeOk(a.token, uidOrder({ order_comment: `đơn ${i}` })));
  });

  it('pages the customer’s orders 10 at a time, newest first, each with its lines', async () => {
    const page1 = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10`, token: a.token });
    const page2 = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=2&limit=10`, token: a.token });
    expect(page1.statusCode).toBe(200);
    expect(page1.json().total).toBe(12);
    expect(page2.json().total).toBe(12);
    const rows: Order[] = [...page1.json().rows, ...page2.json().rows];
    expect(page1.json().rows).toHaveLength(10);
    expect(page2.json().rows).toHaveLength(2);
    expect(rows.map((row) => row.order_comment)).toEqual(placed.map((o) => o.order_comment).reverse());
    for (const row of rows) expect(row.stores).toEqual([expect.objectContaining({ store_id: gem.id, quantity: 2, price: 20_000 })]);
  });

  it('gives each listed order exactly what the order itself shows, lines included', async () => {
    const list = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10`, token: a.token });
    for (const row of list.json().rows as Order[]) {
      const one = await t.request({ method: 'GET', url: `${ORDER_URL}/${row.id}`, token: a.token });
      expect(row).toEqual(one.json());
    }
  });

  it('answers JSON in the documented shape: every field, nothing more', async () => {
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10`, token: a.token });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body: unknown = res.json();
    expect(orderList.parse(body)).toStrictEqual(body);
  });

  it('gives back what staff and the customer wrote as they wrote it: quotes, backslashes, line breaks, pictures', async () => {
    const c = await newCustomer();
    const comment = 'Nhờ shop nạp "gấp"\\ giúp em\nxong báo\t💎';
    const order = await placeOk(c.token, uidOrder({ order_comment: comment }));
    await t.app.ctx.db
      .update(orders)
      .set({ status: 2, resultComment: 'Đã nạp "xong"\nCảm ơn', resultPicture: ['a1b2c3.webp', 'd4e5f6.webp'] })
      .where(eq(orders.id, order.id));
    const list = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10`, token: c.token });
    const one = await t.request({ method: 'GET', url: `${ORDER_URL}/${order.id}`, token: c.token });
    expect(list.json().rows).toEqual([one.json()]);
    expect(list.json().rows[0]).toMatchObject({
      order_comment: comment,
      result_comment: 'Đã nạp "xong"\nCảm ơn',
      result_picture: ['a1b2c3.webp', 'd4e5f6.webp'],
    });
  });

  it('still counts every order on a page past the last one', async () => {
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=5&limit=10`, token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rows: [], total: 12 });
  });

  it('defaults to page 1 of 10', async () => {
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/list`, token: a.token });
    expect(res.json().rows).toHaveLength(10);
    expect(res.json().rows[0].id).toBe(placed[11]!.id);
  });

  it('filters by status, -1 meaning all', async () => {
    await setStatus(placed[3]!.id, 2);
    const done = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10&status=2`, token: a.token });
    expect(done.json().total).toBe(1);
    expect(done.json().rows.map((row: Order) => [row.id, row.status])).toEqual([[placed[3]!.id, 2]]);
    const all = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10&status=-1`, token: a.token });
    expect(all.json().total).toBe(12);
  });

  it('shows another customer none of them', async () => {
    const b = await newCustomer();
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/list?page=1&limit=10`, token: b.token });
    expect(res.json()).toEqual({ rows: [], total: 0 });
  });

  it.each(['page=0', 'page=abc', 'limit=1000', 'limit=0', 'status=7'])('refuses %s with 400 in Vietnamese', async (query) => {
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/list?${query}`, token: a.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Dữ liệu gửi lên không hợp lệ', code: 'VALIDATION' });
  });
});

describe('GET /order/api/v1/order/:id', () => {
  it('returns the customer’s own order as it was placed', async () => {
    const { token } = await newCustomer();
    const placed = await placeOk(token, loginOrder());
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/${placed.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(placed);
  });

  it('answers 404 for another customer’s order, an unknown id and a malformed id', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    const placed = await placeOk(a.token, uidOrder());
    for (const id of [placed.id, '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', 'not-an-id', '1', placed.id.toUpperCase().slice(0, 30)]) {
      const res = await t.request({ method: 'GET', url: `${ORDER_URL}/${id}`, token: b.token });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: MSG.orderNotFound, code: 'NOT_FOUND' });
    }
  });
});

describe('the order counts in the header', () => {
  it('count and count-pending-coin follow the orders placed', async () => {
    const { userId, token } = await newCustomer();
    await grantCoins(t.app.ctx.db, userId, 5_000);
    expect(await orderCount(token)).toBe(0);
    expect(await pendingCoins(token)).toBe(0);

    await placeOk(token, uidOrder());
    expect(await orderCount(token)).toBe(1);
    expect(await pendingCoins(token)).toBe(0);

    await placeOk(token, uidOrder({ order_pay_method: 0 }));
    await placeOk(token, loginOrder({ order_pay_method: 0 }));
    expect(await orderCount(token)).toBe(3);
    expect(await pendingCoins(token)).toBe(400 + 1_000);
  });

  it('answers with a bare number', async () => {
    const { token } = await newCustomer();
    const res = await t.request({ method: 'GET', url: `${ORDER_URL}/count`, token });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe('0');
  });
});

describe('an anonymous visitor', () => {
  it.each([
    ['POST', ORDER_URL],
    ['GET', `${ORDER_URL}/list?page=1&limit=10`],
    ['GET', `${ORDER_URL}/count`],
    ['GET', `${ORDER_URL}/count-pending-coin`],
    ['GET', `${ORDER_URL}/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f`],
  ] as const)('gets 401 from %s %s', async (method, url) => {
    const res = await t.request({ method, url, ...(method === 'POST' ? { payload: uidOrder() } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MSG.signIn, code: 'UNAUTHENTICATED' });
  });
});

// Only PostgreSQL runs these requests truly in parallel; PGlite serialises them, and they must pass there too.
describe('orders placed at the same moment', () => {
  it('never spend more coins than the customer has: coins for 3 orders, 10 at once → 3 placed, 7 refused', async () => {
    const { userId, token } = await newCustomer();
    await grantCoins(t.app.ctx.db, userId, 3 * 400);
    const results = await Promise.all(Array.from({ length: 10 }, () => place(token, uidOrder({ order_pay_method: 0 }))));

    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    for (const res of results.filter((r) => r.statusCode === 409)) expect(res.json().code).toBe('NOT_ENOUGH_COINS');
    const bank = await t.request({ method: 'GET', url: '/bank/api/v1/bank', token });
    expect(bank.json().total - (await pendingCoins(token))).toBe(0);
    expect(await orderCount(token)).toBe(3);
  });

  it('place exactly one order for five simultaneous requests with the same Idempotency-Key', async () => {
    const { token } = await newCustomer();
    const headers = { 'idempotency-key': 'double-click' };
    const results = await Promise.all(Array.from({ length: 5 }, () => place(token, uidOrder(), headers)));
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((res) => res.json().id)).size).toBe(1);
    expect(await orderCount(token)).toBe(1);
  });
});

describe('with rate limiting on', () => {
  const limited = useTestApp({ RATE_LIMIT: 'true' });

  it('slows down a customer placing orders too fast (429, in Vietnamese)', async () => {
    const db = limited.app.ctx.db;
    const [platform] = await db.insert(platforms).values({ name: 'Game', searchName: 'game' }).returning();
    const item = await createStoreItem(db, platform!.id);
    const [user] = await db.insert(users).values({ email: 'nhanh@lucky.test', name: 'Nhanh', provider: 'test' }).returning();
    const token = await limited.app.ctx.tokens.sign({ userId: user!.id, email: 'nhanh@lucky.test' });
    const body = uidOrder({ order_items: [{ id: item.id, quantity: 1 }] });

    const send = () => limited.request({ method: 'POST', url: ORDER_URL, token, payload: body });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(200);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Bạn thao tác quá nhanh, vui lòng thử lại sau ít phút', code: 'RATE_LIMITED' });
    // Reading stays possible.
    expect((await limited.request({ method: 'GET', url: `${ORDER_URL}/count`, token })).body).toBe('10');
  });
});
