/**
 * The accountant's CSV files: parsed back, each equals the rows the shop holds — more rows than one page, UTF-8 with a
 * BOM and Vietnamese headers, money as whole numbers; owners only.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBankTime, shopDay } from '@lucky/shared';
import { createCustomer, createOrder, createPlatform, createStoreItem, grantCoins } from '../../test/fixtures.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newOrderCode } from '../orders/service.js';
import { BANK_FEED_ENV, deliver, newTxId } from './webhook-fixtures.js';

let t: TestApp;
let ownerToken: string;
const today = shopDay(new Date()).date;

beforeAll(async () => {
  t = await createTestApp({ ...BANK_FEED_ENV, ALLOW_LOCAL_DEFAULTS: 'true' });
  ownerToken = (await t.signIn('admin@lucky.test')).access_token;
});
afterAll(() => t.close());

async function csv(file: string, query = `from=${today}`) {
  const res = await t.request({ method: 'GET', url: `/payment/api/v1/admin/export/${file}?${query}`, token: ownerToken });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(new RegExp(`filename="${file.replace('.csv', '')}-\\d{4}-\\d{2}-\\d{2}`));
  expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  return parse(res.rawPayload.toString('utf8').slice(1), { columns: true }) as Record<string, string>[];
}

describe('CSV exports', () => {
  it('writes every order placed in the range, more than a page of them, as the database holds them', async () => {
    const platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân "Kế toán", số 1' });
    const item = await createStoreItem(t.app.ctx.db, platform.id, { priceVnd: 25_000 });
    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens, { email: 'kế.toán@lucky.test' });
    const placed = [];
    const start = Date.now() - 60 * 60_000;
    for (let i = 0; i < 1_050; i++) {
      placed.push(
        await createOrder(t.app.ctx.db, {
          userId: customer.userId,
          platformId: platform.id,
          platformName: platform.name,
          code: newOrderCode(),
          status: i % 4,
          payMethod: i % 2,
          createdAt: new Date(start + i * 1000),
          lines: [{ storeId: item.id, priceVnd: 25_000 + i, coinCost: 250, giftCoin: 3 }],
        }),
      );
    }
    // From the shop day an hour ago to today: the orders span both when the test runs just after midnight.
    const rows = await csv('orders.csv', `from=${shopDay(new Date(start)).date}&to=${today}`);
    const ours = rows.filter((row) => row['Email khách'] === 'kế.toán@lucky.test');
    expect(ours.map((row) => row['Mã đơn'])).toEqual(placed.map((order) => order.code));
    expect(ours[1]).toMatchObject({
      'Trò chơi': 'Liên Quân "Kế toán", số 1',
      'Trạng thái': 'Đang xử lý',
      'Hình thức thanh toán': 'Bằng chuyển khoản',
      'Tổng tiền (VND)': '25001',
      'Đặt lúc': formatBankTime(placed[1]!.createdAt),
    });
  });

  it('writes the day’s transfers and coin ledger', async () => {
    const memo = 'chuyen tien, "kiem tra" xuong dong';
    const res = await deliver(t.app, 'sepay', { txId: newTxId(), amountVnd: 123_000, memo });
    expect(res.statusCode).toBe(200);
    const transfers = await csv('transfers.csv');
    expect(transfers.find((row) => row['Nội dung'] === memo)).toMatchObject({ 'Số tiền (VND)': '123000', Nguồn: 'webhook', 'Chiều': 'Tiền vào' });

    const customer = await createCustomer(t.app.ctx.db, t.app.ctx.tokens, { email: 'so.coin@lucky.test' });
    await grantCoins(t.app.ctx.db, customer.userId, 777);
    const ledger = await csv('ledger.csv');
    expect(ledger.filter((row) => row['Email khách'] === 'so.coin@lucky.test')).toEqual([
      expect.objectContaining({ 'Thay đổi (coin)': '777', 'Số dư sau (coin)': '777' }),
    ]);
  });

  it('refuses a range that is not one, and staff who are not owners', async () => {
    for (const query of ['from=2026-13-01', 'from=2026-03-10&to=2026-03-01', 'from=2024-01-01&to=2025-06-01']) {
      const res = await t.request({ method: 'GET', url: `/payment/api/v1/admin/export/orders.csv?${query}`, token: ownerToken });
      expect(res.statusCode, query).toBe(400);
    }
    const customer = await t.signIn('khach.le@lucky.test');
    const res = await t.request({ method: 'GET', url: `/payment/api/v1/admin/export/orders.csv?from=${today}`, token: customer.access_token });
    expect(res.statusCode).toBe(403);
  });
});
