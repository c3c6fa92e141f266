/** Fixtures and a stubbed API for the admin console's tests (imported by tests only). */
import type {
  AdminOrderDetail,
  AdminOrderRow,
  AdminPlatform,
  AdminTransfer,
  AdminTransferTotals,
  AdminUserRow,
} from '@lucky/shared';
import { json, stubFetch } from './fetch-stub';
import { renderApp, signInAs } from './render-app';

export const ADMIN_USER = { id: 'a1', name: 'Quản Trị', picture: null, email: 'admin@example.com', is_admin: true, role: 'owner' };
/** Staff: the order queue and the bank transfers only (docs/product.md §6). */
export const STAFF_USER = { ...ADMIN_USER, id: 's1', name: 'Nhân Viên', email: 'nhanvien@example.com', role: 'staff' };
export const CUSTOMER_USER = { ...ADMIN_USER, id: 'u1', name: 'Nguyễn Văn An', email: 'an@example.com', is_admin: false, role: null };

/** The header's calls plus the given routes, signed in as an admin unless `user` says otherwise. */
export function stubAdminApi(routes: Parameters<typeof stubFetch>[0] = {}, user: object = ADMIN_USER) {
  return stubFetch({
    'GET /user/api/v1/user': json(user),
    'GET /bank/api/v1/bank': json({ total: 0 }),
    'GET /order/api/v1/order/count-pending-coin': json(0),
    'GET /order/api/v1/order/count': json(0),
    'GET /platform/api/v1/admin/platform': json([]),
    ...routes,
  });
}

export const ORDER_ID = '0b6f5a3e-8f1a-4c47-9d55-3f0f2e6b9a10';
export const PICTURE_ID = 'a'.repeat(64);

export function orderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: ORDER_ID,
    code: 'LS240001',
    status: 1,
    pay_method: 1,
    pay_qr_code: '',
    platform_id: 1,
    platform_name: 'Genshin',
    stores: [{ store_id: 7, name: 'Gói 60 đá', price: 20_000, coin: 20, gift_coin: 2, quantity: 2 }],
    total_price: 40_000,
    total_coin: 40,
    total_gift_coin: 4,
    order_bank_name: 'NGUYEN VAN AN',
    order_contact: 'zalo 0900000001',
    order_account: 'an.game@example.com',
    order_server: 'Asia',
    order_uid: '',
    order_comment: 'Nạp giúp trước 12h',
    result_comment: '',
    result_picture: [],
    created_at: '2025-03-15T02:00:00.000Z',
    due_at: '2025-03-15T09:00:00.000Z',
    user_id: 'u1',
    customer_email: 'an@example.com',
    customer_name: 'Nguyễn Văn An',
    paid_at: '2025-03-15T02:10:00.000Z',
    finished_at: null,
    updated_at: '2025-03-15T02:10:00.000Z',
    refund_status: null,
    at_risk: false,
    received_vnd: 0,
    refund_vnd: 0,
    payment_unverified: false,
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    ...orderRow(),
    has_password: true,
    history: [
      {
        action: 'order.status',
        actor_id: 'a1',
        actor_email: 'admin@example.com',
        from_status: 0,
        to_status: 1,
        reason: '',
        created_at: '2025-03-15T02:10:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function customerRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: '5d1c7a52-2f7e-4a8e-9a51-6a2b9c1d0e11',
    email: 'an@example.com',
    name: 'Nguyễn Văn An',
    picture: null,
    coin_total: 1_500,
    pending_coins: 200,
    available_coins: 1_300,
    order_count: 4,
    created_at: '2025-01-02T03:00:00.000Z',
    ...overrides,
  };
}

/**
 * Loads the console's lazy chunks before a test file's first test, so its first render is not racing
 * module transformation (the chunks are split for the browser, not for the test run).
 */
export async function loadAdminChunks(): Promise<void> {
  await Promise.all([
    import('../app/admin-routes'),
    import('../features/admin-dashboard/components/dashboard-page'),
    import('../features/admin-orders/components/order-queue-page'),
    import('../features/admin-orders/components/admin-order-page'),
    import('../features/admin-catalog/components/catalog-page'),
    import('../features/admin-customers/components/customers-page'),
  ]);
}

/**
 * How long a test waits for a console page's first content: a whole-app render with MUI tables in
 * jsdom can pass the 1 s default when test files run in parallel. A bound on waiting, not a sleep.
 */
export const FIRST_RENDER = { timeout: 5000 } as const;

/** A game in the console's catalog, sold with login details, unless overridden. */
export function adminPlatform(overrides: Partial<AdminPlatform> = {}): AdminPlatform {
  return {
    id: 1,
    name: 'Liên Quân',
    picture: null,
    sale_picture: null,
    need_login: true,
    is_active: true,
    sort_order: 1,
    item_count: 2,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const TRANSFER_ID = '7c9e2b1a-4d3f-4e8a-9b6c-1f2e3d4c5b6a';

/** An unmatched incoming transfer (memo without an order code) unless overridden. */
export function transferRow(overrides: Partial<AdminTransfer> = {}): AdminTransfer {
  return {
    id: TRANSFER_ID,
    provider: 'sepay',
    provider_tx_id: '92704',
    direction: 'in',
    account_number: '0123456789',
    amount_vnd: 50_000,
    content: 'NGUYEN VAN AN chuyen tien nap game',
    reference: 'FT25074123456',
    transaction_at: '2025-03-15T03:00:00.000Z',
    received_at: '2025-03-15T03:00:05.000Z',
    status: 'unmatched',
    reason: 'no_code',
    order_id: null,
    order_code: null,
    excess_vnd: 0,
    updated_at: '2025-03-15T03:00:05.000Z',
    ...overrides,
  };
}

export function transferTotals(overrides: Partial<AdminTransferTotals> = {}): AdminTransferTotals {
  return {
    date: '2025-03-15',
    received_vnd: 1_250_000,
    received_count: 12,
    matched_vnd: 1_100_000,
    matched_count: 10,
    unmatched_vnd: 150_000,
    unmatched_count: 2,
    refunds_due_vnd: 210_000,
    refunds_due_count: 3,
    ...overrides,
  };
}

export const TRANSFER_LIST = 'GET /payment/api/v1/admin/transfer/list';
export const TRANSFER_TOTALS = 'GET /payment/api/v1/admin/transfer/totals';

/** The console's chunks and the bank transfers page's own, before a test file's first test. */
export async function loadTransfersChunks(): Promise<void> {
  await loadAdminChunks();
  await import('../features/admin-payments/components/transfers-page');
}

/** Signed in as an admin, /admin/transfers listing `rows` with today's totals; `routes` add or replace calls. */
export function openTransfersPage(rows: AdminTransfer[], routes: Parameters<typeof stubAdminApi>[0] = {}) {
  signInAs();
  const net = stubAdminApi({
    [TRANSFER_LIST]: json({ rows, total: rows.length }),
    [TRANSFER_TOTALS]: json(transferTotals()),
    ...routes,
  });
  return { ...renderApp('/admin/transfers'), net };
}
