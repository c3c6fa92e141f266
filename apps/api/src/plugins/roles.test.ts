/**
 * Owner and staff (docs/product.md §6): a staff member who processes orders tries everything else the
 * console can do. The owner-only routes are read from the OpenAPI document (`x-role`, written from each
 * route's own guard), not from a list kept here, so a new owner route is tried the day it is added.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@lucky/shared';
import { auditLog, coinLedger } from '../db/schema.js';
import { createCustomer, createOrder, createPlatform, createStoreItem } from '../test/fixtures.js';
import { useTestApp } from '../test/suite.js';

const t = useTestApp({
  OWNER_EMAILS: 'chu@lucky.test',
  ADMIN_EMAILS: 'admin@lucky.test',
  STAFF_EMAILS: 'nhanvien@lucky.test',
});
let owner: { access_token: string; userId: string };
let staff: { access_token: string; userId: string };
let customer: { access_token: string; userId: string };
let platformId: number;
let itemId: number;

beforeAll(async () => {
  owner = await t.signIn('chu@lucky.test');
  staff = await t.signIn('nhanvien@lucky.test');
  customer = await t.signIn('khach@lucky.test');
  platformId = (await createPlatform(t.app.ctx.db, { name: 'Game vai trò', needLogin: true })).id;
  itemId = (await createStoreItem(t.app.ctx.db, platformId)).id;
});

interface DocumentedRoute {
  method: string;
  /** OpenAPI form, /order/api/v1/admin/order/{id} */
  path: string;
  role: string | undefined;
  hasBody: boolean;
}

function documentedRoutes(): DocumentedRoute[] {
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { 'x-role'?: string; requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      role: op['x-role'],
      hasBody: op.requestBody !== undefined,
    })),
  );
}

/** A route's address with its parameters filled in: ids that exist, or look like ids. */
const addressOf = (path: string) =>
  path
    .replace('{userId}', customer.userId)
    .replace(
      '{id}',
      path.includes('/platform/') || path.includes('/store/')
        ? String(platformId)
        : '00000000-0000-4000-8000-000000000000',
    )
    .replace(/\{\w+\}/g, 'x');

async function call(route: DocumentedRoute, token: string) {
  return t.request({
    method: route.method as 'GET',
    url: addressOf(route.path),
    token,
    ...(route.hasBody ? { payload: {} } : {}),
  });
}

describe('the owner-only routes of the OpenAPI document', () => {
  it('are the catalogue’s changes, customers’ coins, refunds sent and the day’s figures', () => {
    const ownerOnly = documentedRoutes().filter((route) => route.role === 'owner');
    const names = ownerOnly.map((route) => `${route.method} ${route.path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /platform/api/v1/admin/platform',
        'PATCH /platform/api/v1/admin/platform/{id}',
        'POST /store/api/v1/admin/store',
        'PATCH /store/api/v1/admin/store/{id}',
        'POST /bank/api/v1/admin/adjust',
        'GET /user/api/v1/admin/user/list',
        'POST /order/api/v1/admin/order/{id}/refund-done',
        'GET /order/api/v1/admin/dashboard',
      ]),
    );
  });

  it('every console route says who may call it', () => {
    const unmarked = documentedRoutes().filter((route) => route.path.includes('/admin/') && route.role === undefined);
    expect(unmarked.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('refuse staff with 403 and a Vietnamese message, on every one of them', async () => {
    const ownerOnly = documentedRoutes().filter((route) => route.role === 'owner');
    expect(ownerOnly.length).toBeGreaterThan(5);
    const answers = await Promise.all(
      ownerOnly.map(async (route) => ({ route, res: await call(route, staff.access_token) })),
    );
    for (const { route, res } of answers) {
      expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(res.json(), `${route.method} ${route.path}`).toEqual({
        code: 'FORBIDDEN',
        message: API_MESSAGES.ownerOnly,
      });
    }
  });

  it('let owners in (whatever the empty body then makes of the call)', async () => {
    for (const route of documentedRoutes().filter((r) => r.role === 'owner')) {
      const res = await call(route, owner.access_token);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.statusCode);
    }
  });

  it('let staff and owners into the staff routes, and refuse customers', async () => {
    const staffRoutes = documentedRoutes().filter((route) => route.role === 'staff' && !route.path.endsWith('/events'));
    expect(staffRoutes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        'GET /order/api/v1/admin/order/list',
        'PATCH /order/api/v1/admin/order/{id}',
        'POST /order/api/v1/admin/order/{id}/reveal-password',
      ]),
    );
    for (const route of staffRoutes) {
      for (const token of [staff.access_token, owner.access_token]) {
        const res = await call(route, token);
        expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.statusCode);
      }
      expect((await call(route, customer.access_token)).statusCode, `${route.method} ${route.path}`).toBe(403);
    }
  });
});

describe('a staff member at work', () => {
  it('is told their role, as the console reads it', async () => {
    const me = async (token: string) => (await t.request({ method: 'GET', url: '/user/api/v1/user', token })).json();
    expect(await me(staff.access_token)).toMatchObject({ is_admin: true, role: 'staff' });
    expect(await me(owner.access_token)).toMatchObject({ is_admin: true, role: 'owner' });
    // ADMIN_EMAILS, kept for existing shops, names owners.
    expect(await me((await t.signIn('admin@lucky.test')).access_token)).toMatchObject({
      is_admin: true,
      role: 'owner',
    });
    expect(await me(customer.access_token)).toMatchObject({ is_admin: false, role: null });
  });

  it('cannot grant themselves coins: 403, and the ledger is untouched', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/bank/api/v1/admin/adjust',
      token: staff.access_token,
      payload: { user_id: staff.userId, delta: 1_000_000, reason: 'thưởng' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Chỉ chủ shop mới được thực hiện thao tác này');
    expect(await t.app.ctx.db.select().from(coinLedger).where(eq(coinLedger.userId, staff.userId))).toEqual([]);
  });

  it('cannot change a price: 403, and the item is as it was', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/store/api/v1/admin/store/${itemId}`,
      token: staff.access_token,
      payload: { price: 1 },
    });
    expect(res.statusCode).toBe(403);
    const items = await t.request({ method: 'GET', url: `/store/api/v1/store/list?store_platform=${platformId}` });
    expect(items.json()[0].price).toBe(20_000);
  });

  it('reveals a game password and completes an order, each audited under their own name', async () => {
    const c = await createCustomer(t.app.ctx.db, t.app.ctx.tokens);
    const order = await createOrder(t.app.ctx.db, {
      userId: c.userId,
      platformId,
      status: 1,
      lines: [{ storeId: itemId, priceVnd: 20_000, coinCost: 200, giftCoin: 10 }],
      seal: (id) => t.app.ctx.secretBox.seal('mat-khau-game', id),
    });
    const reveal = await t.request({
      method: 'POST',
      url: `/order/api/v1/admin/order/${order.id}/reveal-password`,
      token: staff.access_token,
    });
    expect(reveal.json()).toMatchObject({ order_pass: 'mat-khau-game' });
    const done = await t.request({
      method: 'PATCH',
      url: `/order/api/v1/admin/order/${order.id}`,
      token: staff.access_token,
      payload: { status: 2, result_comment: 'Đã nạp' },
    });
    expect(done.statusCode).toBe(200);

    const audit = await t.app.ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, order.id)));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'order.reveal_password', actorId: staff.userId },
        { action: 'order.status', actorId: staff.userId },
      ]),
    );
    // The order's history in the console names the staff member.
    const detail = await t.request({
      method: 'GET',
      url: `/order/api/v1/admin/order/${order.id}`,
      token: owner.access_token,
    });
    expect(detail.json().history).toContainEqual(expect.objectContaining({ actor_email: 'nhanvien@lucky.test' }));
  });
});
