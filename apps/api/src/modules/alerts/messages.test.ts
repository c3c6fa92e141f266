import { describe, expect, it } from 'vitest';
import type { AdminOrderRow, AdminTransfer } from '@lucky/shared';
import { coinOrderPlacedText, oneLine, orderAtRiskText, shopTime, unmatchedTransferText } from './messages.js';

describe('alert texts', () => {
  it('shows times as staff read them: HH:mm dd/MM in Ho Chi Minh City', () => {
    expect(shopTime('2026-11-23T09:00:00.000Z')).toBe('16:00 23/11');
    expect(shopTime('2026-12-31T17:30:00.000Z')).toBe('00:30 01/01');
  });

  it('keeps typed text on one short line', () => {
    expect(oneLine('  Nguyễn\nVăn\t\tAn \u0007 ')).toBe('Nguyễn Văn An');
    expect(oneLine('x'.repeat(200))).toHaveLength(80);
    expect(oneLine('x'.repeat(200)).endsWith('…')).toBe(true);
  });

  const order = {
    code: 'LK7H3K9M2P',
    status: 0,
    pay_method: 0,
    platform_name: 'Liên Quân',
    stores: [
      { store_id: 1, name: 'Gói 100 Quân Huy', price: 20_000, coin: 150, gift_coin: 0, quantity: 2 },
      { store_id: 2, name: 'Gói 50 Quân Huy', price: 10_000, coin: 80, gift_coin: 0, quantity: 1 },
    ],
    total_price: 50_000,
    total_coin: 1_380,
    customer_name: '',
    customer_email: 'an.nguyen@gmail.com',
    due_at: '2026-11-23T09:00:00.000Z',
  } as AdminOrderRow;

  it('names a coin order by code, game, items, coins, customer (email when no name) and due time', () => {
    expect(coinOrderPlacedText(order)).toBe(
      '🟡 Đơn coin mới LK7H3K9M2P — Liên Quân — 3 sản phẩm — 1.380 coin — khách an.nguyen@gmail.com, hạn 16:00 23/11',
    );
  });

  it('shows an at-risk bank order in VND and its status', () => {
    expect(orderAtRiskText({ ...order, pay_method: 1, status: 1, customer_name: 'Nguyễn Văn An' })).toBe(
      '⚠️ Đơn LK7H3K9M2P sắp trễ hạn 16:00 23/11 — Đang xử lý — Liên Quân — 50.000 VNĐ — khách Nguyễn Văn An',
    );
  });

  it('quotes an unmatched transfer’s memo and gives the reason in Vietnamese', () => {
    const transfer = {
      amount_vnd: 50_000,
      content: 'CK don hang\nLK0000',
      reason: 'unknown_order',
      transaction_at: '2026-11-23T02:15:00.000Z',
    } as AdminTransfer;
    expect(unmatchedTransferText(transfer)).toBe(
      '❓ Giao dịch chưa khớp 50.000 VNĐ — nội dung "CK don hang LK0000" — lý do: Không có đơn hàng với mã này — lúc 09:15 23/11',
    );
  });
});
