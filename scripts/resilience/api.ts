/**
 * The shop's HTTP API as the suite uses it: sign-in, coins, catalogue, orders, staff moves and the
 * SePay webhook. A request that gets no answer (refused, reset by a kill) is status 0, never a throw.
 */
import crypto from 'node:crypto';
import type { Secrets } from './harness.js';

export interface Reply<T = unknown> {
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  body: T;
  error?: string;
}

export interface CallOptions {
  apiKey?: string;
  token?: string;
  body?: unknown;
  /** Sent as is (a raw webhook body). */
  raw?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers['x-api-key'] = options.apiKey;
  if (options.token) headers.authorization = options.token;
  let payload: string | undefined = options.raw;
  if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] ??= 'application/json';
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: body as T };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null as T, error: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

/** Throws unless the answer is 200; the message carries the status and the error code only. */
export function expectOk<T>(what: string, reply: Reply<T>): T {
  if (reply.status !== 200) throw new Error(`${what}: ${describe(reply)}`);
  return reply.body;
}

/** A short, secret-free account of an answer: status and machine code. */
export function describe(reply: Reply): string {
  if (reply.status === 0) return `no answer (${reply.error})`;
  const code = (reply.body as { code?: string } | null)?.code;
  return `${reply.status}${code ? ` ${code}` : ''}`;
}

export const codeOf = (reply: Reply) => (reply.body as { code?: string } | null)?.code;

// ---------- the shop ----------

export interface Shop {
  apiKey: string;
  secrets: Secrets;
}

export interface Session {
  email: string;
  token: string;
  userId: string;
}

export async function signIn(shop: Shop, base: string, email: string): Promise<Session> {
  const tokens = expectOk(
    'demo sign-in',
    await call<{ access_token: string; refresh_token: string }>(base, 'POST', '/auth/api/v1/auth/demo-sign-in', {
      apiKey: shop.apiKey,
      body: { user_access_token: email },
    }),
  );
  shop.secrets.add('access token', tokens.access_token);
  shop.secrets.add('refresh token', tokens.refresh_token);
  const me = expectOk(
    'current user',
    await call<{ id: string }>(base, 'GET', '/user/api/v1/user', { apiKey: shop.apiKey, token: tokens.access_token }),
  );
  return { email, token: tokens.access_token, userId: me.id };
}

export async function grantCoins(
  shop: Shop,
  base: string,
  admin: Session,
  userId: string,
  delta: number,
): Promise<void> {
  expectOk(
    'coin adjustment',
    await call(base, 'POST', '/bank/api/v1/admin/adjust', {
      apiKey: shop.apiKey,
      token: admin.token,
      body: { user_id: userId, delta, reason: 'resilience suite' },
    }),
  );
}

export interface CatalogueItem {
  id: number;
  price: number;
  coin: number;
  gift_coin: number;
  needLogin: boolean;
}

/** The cheapest active item of a platform that asks for a game login, and of one that asks for a UID. */
export async function catalogue(shop: Shop, base: string): Promise<{ login: CatalogueItem; uid: CatalogueItem }> {
  const platforms = expectOk(
    'platform list',
    await call<{ id: number; shop_config: { need_login: boolean } }[]>(base, 'GET', '/platform/api/v1/platform/list', {
      apiKey: shop.apiKey,
    }),
  );
  const cheapest = async (needLogin: boolean): Promise<CatalogueItem> => {
    const platform = platforms.find((p) => p.shop_config.need_login === needLogin);
    if (!platform) throw new Error(`no demo platform with need_login=${needLogin}`);
    const items = expectOk(
      'store list',
      await call<CatalogueItem[]>(base, 'GET', `/store/api/v1/store/list?store_platform=${platform.id}`, {
        apiKey: shop.apiKey,
      }),
    );
    const item = [...items].sort((a, b) => a.coin - b.coin)[0];
    if (!item) throw new Error(`demo platform ${platform.id} has no items`);
    return { ...item, needLogin };
  };
  return { login: await cheapest(true), uid: await cheapest(false) };
}

export const PAY_COIN = 0;
export const PAY_BANK = 1;

/** An order body for one item; a login item carries a fresh game password, recorded as a secret. */
export function orderBody(shop: Shop, item: CatalogueItem, payMethod: number): Record<string, unknown> {
  const body: Record<string, unknown> = {
    order_items: [{ id: item.id, quantity: 1 }],
    order_pay_method: payMethod,
    order_bank_name: 'Nguyễn Văn An',
    order_server: 'Asia',
  };
  if (item.needLogin) {
    const password = `mk-${crypto.randomBytes(9).toString('base64url')}`;
    shop.secrets.add('game password', password);
    Object.assign(body, { order_account: 'taikhoan.game', order_pass: password });
  } else {
    body.order_uid = '123456789';
  }
  return body;
}

export interface PlacedOrder {
  id: string;
  code: string;
  status: number;
  total_price: number;
  total_coin: number;
}

export function placeOrder(
  shop: Shop,
  base: string,
  session: Session,
  body: unknown,
  idempotencyKey?: string,
): Promise<Reply<PlacedOrder>> {
  return call<PlacedOrder>(base, 'POST', '/order/api/v1/order', {
    apiKey: shop.apiKey,
    token: session.token,
    body,
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

export function moveOrder(
  shop: Shop,
  base: string,
  admin: Session,
  orderId: string,
  move: { status: number; expected_status?: number; reason?: string; result_comment?: string; received_vnd?: number },
): Promise<Reply<{ status: number }>> {
  return call(base, 'PATCH', `/order/api/v1/admin/order/${orderId}`, {
    apiKey: shop.apiKey,
    token: admin.token,
    body: move,
  });
}

export function adminOrder(
  shop: Shop,
  base: string,
  admin: Session,
  orderId: string,
): Promise<Reply<{ status: number }>> {
  return call(base, 'GET', `/order/api/v1/admin/order/${orderId}`, { apiKey: shop.apiKey, token: admin.token });
}

// ---------- SePay ----------

export const SEPAY_PATH = '/payment/api/v1/webhook/sepay';

/** The banks' local time, as SePay writes it: '2024-10-03 15:06:37' (+07:00). */
const vietnamTime = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** SePay's body for one incoming transfer (apps/api/src/modules/payments/webhook-fixtures.ts). */
export function sepayBody(spec: { txId: number; account: string; amountVnd: number; memo: string; at?: Date }) {
  return {
    id: spec.txId,
    gateway: 'Vietcombank',
    transactionDate: vietnamTime(spec.at ?? new Date()),
    accountNumber: spec.account,
    code: null,
    content: spec.memo,
    transferType: 'in',
    transferAmount: spec.amountVnd,
    accumulated: 19_077_000,
    subAccount: null,
    referenceCode: `MBVCB.${spec.txId}`,
    description: `BankAPINotify ${spec.memo}`,
  };
}

/** SePay's HMAC-SHA256 headers for a raw body. */
export function sepayHmac(raw: string, secret: string, at: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const digest = crypto.createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex');
  return { 'x-sepay-timestamp': timestamp, 'x-sepay-signature': `sha256=${digest}` };
}
