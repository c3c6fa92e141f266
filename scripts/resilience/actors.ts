/** The people the authorization matrix and the fuzzer act as, on a running instance with demo sign-in. */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import type { Target } from './types.js';

export interface Actor {
  token: string;
  userId: string;
  email: string;
}

export interface Actors {
  customer: Actor;
  other: Actor;
  /** An owner. */
  admin: Actor;
  /** A staff member. */
  staff: Actor;
  /** A token of `customer` that expired a minute ago, signed with the instance's own key. */
  expiredToken: string;
  /** The customer's order, which nobody else may see. */
  order: { id: string; code: string };
  platformId: number;
  storeId: number;
}

async function call<T>(target: Target, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(target.url + path, {
    method,
    headers: {
      'x-api-key': target.apiKey,
      ...(token ? { authorization: token } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(target: Target, email: string): Promise<Actor> {
  const { access_token: token } = await call<{ access_token: string }>(target, 'POST', '/auth/api/v1/auth/demo-sign-in', null, {
    user_access_token: email,
  });
  const me = await call<{ id: string }>(target, 'GET', '/user/api/v1/user', token);
  return { token, userId: me.id, email };
}

export async function prepareActors(target: Target, label: string): Promise<Actors> {
  const tag = `${label}-${crypto.randomBytes(4).toString('hex')}`;
  const customer = await signIn(target, `khach-${tag}@lucky.test`);
  const other = await signIn(target, `khac-${tag}@lucky.test`);
  const admin = await signIn(target, target.adminEmail);
  const staff = await signIn(target, target.staffEmail);
  const platforms = await call<{ id: number; shop_config: { need_login: boolean } }[]>(target, 'GET', '/platform/api/v1/platform/list', null);
  const platform = platforms.find((p) => p.shop_config.need_login) ?? platforms[0]!;
  const [item] = await call<{ id: number }[]>(target, 'GET', `/store/api/v1/store/list?store_platform=${platform.id}`, null);
  const order = await call<{ id: string; code: string }>(target, 'POST', '/order/api/v1/order', customer.token, {
    order_items: [{ id: item!.id, quantity: 1 }],
    order_pay_method: 1,
    order_bank_name: 'Nguyễn Văn An',
    order_server: 'Asia',
    order_uid: '123456789',
    order_account: 'taikhoan-game',
    order_pass: `mat-khau-${tag}`,
  });
  const expiredToken = await new SignJWT({ email: customer.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(customer.userId)
    .setIssuer('lucky-shop')
    .setAudience('lucky-shop-web')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(target.jwtSecret));
  return { customer, other, admin, staff, expiredToken, order, platformId: platform.id, storeId: item!.id };
}
