/**
 * The contract schemas the storefront checks: the injected public config, a token pair, the account's
 * figures, the active platforms and a platform's store items, the customer's orders (docs/decisions/0007,
 * 0015): its pages parse their data without classic zod. They are written once, here, with `zod/mini`, and
 * schemas.ts re-exports them: the API validates and documents with the very schemas the frame parses with.
 *
 * Why mini: the frame and the home page are in the first load (docs/decisions/0007). These schemas add
 * ~16 kB gzip to it; the same shapes in classic zod, with the rest of schemas.ts, add ~27 kB. This
 * module must import nothing but `zod/mini` at run time; classic zod stays in lazily loaded chunks.
 */
import * as z from 'zod/mini';

// ---------- auth and account ----------
export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;
export const userResponse = z.object({
  id: z.string(),
  name: z.string(),
  picture: z.nullable(z.string()),
  email: z.string(),
  /** Staff or owner: the console at /admin (docs/product.md §6). */
  is_admin: z.boolean(),
  /** 'owner' (everything), 'staff' (orders and transfers) or null for a customer. */
  role: z.nullable(z.enum(['owner', 'staff'])),
});
export type User = z.infer<typeof userResponse>;
export const walletResponse = z.object({ total: z.int() });
/** The coin wallet (GET /bank/api/v1/bank: the path of docs/product.md §7 keeps its name). */
export type Wallet = z.infer<typeof walletResponse>;
export const countResponse = z.int();

// ---------- catalogue ----------
export const shopConfig = z.object({
  need_login: z.boolean(),
  sale_picture: z.nullable(z.string()),
});
export const platform = z.object({
  id: z.int(),
  name: z.string(),
  picture: z.nullable(z.string()),
  is_active: z.boolean(),
  shop_config: shopConfig,
});
export type Platform = z.infer<typeof platform>;
export const platformList = z.array(platform);
export const storeItem = z.object({
  id: z.int(),
  platform_id: z.int(),
  name: z.string(),
  description: z.string(),
  picture: z.nullable(z.string()),
  price: z.int(),
  raw_price: z.int(),
  coin: z.int(),
  gift_coin: z.int(),
  is_active: z.boolean(),
});
export type StoreItem = z.infer<typeof storeItem>;
export const storeList = z.array(storeItem);

// ---------- orders (as returned and listed) ----------
export const orderLine = z.object({
  store_id: z.int(),
  name: z.string(),
  price: z.int(),
  coin: z.int(),
  gift_coin: z.int(),
  quantity: z.int(),
});
export type OrderLine = z.infer<typeof orderLine>;
export const order = z.object({
  id: z.string(),
  code: z.string(),
  status: z.int(),
  pay_method: z.int(),
  pay_qr_code: z.string(),
  platform_id: z.int(),
  platform_name: z.string(),
  stores: z.array(orderLine),
  total_price: z.int(),
  total_coin: z.int(),
  total_gift_coin: z.int(),
  order_bank_name: z.string(),
  order_contact: z.string(),
  order_account: z.string(),
  order_server: z.string(),
  order_uid: z.string(),
  order_comment: z.string(),
  result_comment: z.string(),
  result_picture: z.array(z.string()),
  created_at: z.string(),
  due_at: z.string(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.object({ rows: z.array(order), total: z.int() });
export type OrderList = z.infer<typeof orderList>;

// ---------- public config (what the API injects into index.html, docs/decisions/0001) ----------
export const publicConfig = z.object({
  api_key: z.string(),
  google_client_id: z.nullable(z.string()),
  demo_sign_in: z.boolean(),
  facebook_enabled: z.boolean(),
  /** The VAPID public key browsers subscribe to order notifications with; absent or null: no notifications. */
  push_public_key: z.optional(z.nullable(z.string())),
  bank: z.object({ bin: z.string(), name: z.string(), account_number: z.string(), account_holder: z.string() }),
  support: z.object({ social_url: z.string(), chat_url: z.string(), messenger_url: z.string() }),
  /** The 16:00 promise: DEADLINE_HOUR and PROMISE_LEAD_MINUTES (docs/decisions/0022-promise-lead-time.md). */
  promise: z.object({ deadline_hour: z.int(), lead_minutes: z.int() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
