/**
 * Game passwords at rest across SECRET_KEY changes (docs/decisions/0011): the same database opened by the
 * shop restarted with other keys, each reveal asked of the admin API as staff would.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { orders } from '../../db/schema.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createOrder, createPlatform, createStoreItem } from '../../test/fixtures.js';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/harness.js';
import { sealV1 } from '../../test/secret-box-v1.js';

const OLD_KEY = 'password-keys-old-secret-0123456789abcdef';
const NEW_KEY = 'password-keys-new-secret-fedcba9876543210';
const UNREADABLE = { code: 'INTERNAL', message: API_MESSAGES.passwordUnreadable };


let shared: TestDatabase;
let running: TestApp | null = null;
let platformId: number;
let itemId: number;

/** The shop (re)started on the shared database with these keys; the previous run is stopped first. */
async function restart(keys: { SECRET_KEY: string; SECRET_KEY_PREVIOUS?: string }): Promise<TestApp> {
  await running?.close();
  running = await createTestApp(keys, { database: shared });
  return running;
}

async function reveal(t: TestApp, orderId: string) {
  const admin = await t.signIn('admin@lucky.test');
  return t.request({ method: 'POST', url: `/order/api/v1/admin/order/${orderId}/reveal-password`, token: admin.access_token });
}

async function sealed(orderId: string): Promise<string | null> {
  const [row] = await shared.database.db.select({ pass: orders.passEncrypted }).from(orders).where(eq(orders.id, orderId));
  return row!.pass;
}

/** A login-platform order placed through the API, its password sealed by the running shop. */
async function placeOrder(t: TestApp, password: string): Promise<string> {
  const customer = await t.signIn(`khach-${crypto.randomUUID()}@lucky.test`);
  const res = await t.request({
    method: 'POST',
    url: '/order/api/v1/order',
    token: customer.access_token,
    payload: {
      order_bank_name: 'Nguyễn Văn An',
      order_contact: '',
      order_account: 'an.nguyen@gmail.com',
      order_pass: password,
      order_server: 'Asia',
      order_uid: '',
      order_comment: '',
      order_pay_method: 1,
      order_items: [{ id: itemId, quantity: 1 }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

beforeAll(async () => {
  shared = await createTestDatabase();
  platformId = (await createPlatform(shared.database.db, { name: 'Liên Quân Khoá', needLogin: true })).id;
  itemId = (await createStoreItem(shared.database.db, platformId)).id;
});
afterEach(async () => {
  await running?.close();
  running = null;
});
afterAll(async () => {
  await shared?.close();
});

describe('game passwords bound to their order', () => {
  it('seals a new order’s password in the v2 format, bound to the order id the service chose', async () => {
    const t = await restart({ SECRET_KEY: OLD_KEY });
    const orderId = await placeOrder(t, 'MatKhau-Moi 1');
    const stored = (await sealed(orderId))!;
    expect(stored).toMatch(/^v2:/);
    expect(t.app.ctx.secretBox.open(stored, orderId)).toBe('MatKhau-Moi 1');
    expect((await reveal(t, orderId)).json()).toEqual({ order_pass: 'MatKhau-Moi 1' });
  });

  it('does not open a ciphertext moved onto another order', async () => {
    const t = await restart({ SECRET_KEY: OLD_KEY });
    const victim = await placeOrder(t, 'MatKhau-Cua-Lan');
    const other = await placeOrder(t, 'MatKhau-Khac');
    await shared.database.db.update(orders).set({ passEncrypted: await sealed(victim) }).where(eq(orders.id, other));
    const res = await reveal(t, other);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(UNREADABLE);
    expect(res.body).not.toContain('MatKhau-Cua-Lan');
  });

  it('still opens a password sealed before v2 (v1), and the next start re-seals it bound to its order', async () => {
    const t = await restart({ SECRET_KEY: OLD_KEY });
    const customerId = (await t.signIn('v1@lucky.test')).userId;
    const order = await createOrder(shared.database.db, { userId: customerId, platformId, passEncrypted: sealV1(OLD_KEY, 'MatKhau-Cu') });
    expect((await reveal(t, order.id)).json()).toEqual({ order_pass: 'MatKhau-Cu' });

    const again = await restart({ SECRET_KEY: OLD_KEY });
    const stored = (await sealed(order.id))!;
    expect(stored).toMatch(/^v2:/);
    expect(again.app.ctx.secretBox.isCurrent(stored)).toBe(true);
    expect((await reveal(again, order.id)).json()).toEqual({ order_pass: 'MatKhau-Cu' });
  });
});

describe('rotating SECRET_KEY', () => {
  it('keeps old passwords readable with the old key in SECRET_KEY_PREVIOUS, re-sealing them at start-up; without it they are unreadable', async () => {
    const before = await restart({ SECRET_KEY: OLD_KEY });
    const placed = await placeOrder(before, 'MatKhau-Truoc-Doi-Khoa');
    const customerId = (await before.signIn('v1-rotation@lucky.test')).userId;
    const legacy = (await createOrder(shared.database.db, { userId: customerId, platformId, passEncrypted: sealV1(OLD_KEY, 'MatKhau-V1') })).id;
    const sealedUnderOld = [await sealed(placed), await sealed(legacy)];

    // The key changed and the old one was forgotten: reveals answer the Vietnamese 500, nothing is lost.
    const forgot = await restart({ SECRET_KEY: NEW_KEY });
    for (const orderId of [placed, legacy]) {
      const res = await reveal(forgot, orderId);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(UNREADABLE);
    }
    expect([await sealed(placed), await sealed(legacy)]).toEqual(sealedUnderOld);

    // The old key given back as previous: both reveal, and the start-up re-sealed them under the new key.
    const rotated = await restart({ SECRET_KEY: NEW_KEY, SECRET_KEY_PREVIOUS: `another-retired-key-0123456789abcdef, ${OLD_KEY}` });
    expect((await reveal(rotated, placed)).json()).toEqual({ order_pass: 'MatKhau-Truoc-Doi-Khoa' });
    expect((await reveal(rotated, legacy)).json()).toEqual({ order_pass: 'MatKhau-V1' });
    const newBox = createSecretBox(NEW_KEY);
    for (const orderId of [placed, legacy]) expect(newBox.isCurrent((await sealed(orderId))!)).toBe(true);

    // So the old key can then be dropped.
    const after = await restart({ SECRET_KEY: NEW_KEY });
    expect((await reveal(after, placed)).json()).toEqual({ order_pass: 'MatKhau-Truoc-Doi-Khoa' });
    expect((await reveal(after, legacy)).json()).toEqual({ order_pass: 'MatKhau-V1' });
    expect((await reveal(after, await placeOrder(after, 'MatKhau-Sau'))).json()).toEqual({ order_pass: 'MatKhau-Sau' });
  });
});
