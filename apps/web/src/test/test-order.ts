import type { Order } from '@lucky/shared';

/** An order as the API returns it, for the order pages' tests. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '3f1c2a9e-5b7d-4c1a-9e2f-0a1b2c3d4e5f',
    code: 'LS250315ABCD',
    status: 0,
    pay_method: 1,
    pay_qr_code: '',
    platform_id: 7,
    platform_name: 'Rồng Lửa',
    stores: [
      { store_id: 1, name: 'Gói 60 kim cương', price: 20_000, coin: 200, gift_coin: 10, quantity: 2 },
      { store_id: 2, name: 'Thẻ tháng', price: 99_000, coin: 990, gift_coin: 50, quantity: 1 },
    ],
    total_price: 139_000,
    total_coin: 1_390,
    total_gift_coin: 70,
    order_bank_name: 'Nguyễn Văn An',
    order_contact: '',
    order_account: '',
    order_server: 'S1',
    order_uid: '123456',
    order_comment: '',
    result_comment: '',
    result_picture: [],
    created_at: '2025-03-15T02:30:00.000Z',
    due_at: '2025-03-15T09:00:00.000Z',
    ...overrides,
  };
}
