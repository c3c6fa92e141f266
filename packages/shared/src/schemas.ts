/**
 * The one contract (docs/architecture.md "Where each rule lives"): every request and response of the API as zod schemas.
 * The API validates with them and generates its OpenAPI document from them; the web parses with them.
 * Field names follow docs/product.md §3 (snake_case on the wire).
 */
import { z } from 'zod';
import { API_MESSAGES, TEXTS } from './texts.js';
import { MAX_LIST_LIMIT, MAX_LINE_QUANTITY, MAX_ORDER_LINES, ORDER_PAGE_SIZE, TEXT_LIMITS } from './constants.js';
import { orderFieldErrors, type OrderTextValues } from './order-rules.js';

// The shapes the storefront checks (the token pair, the account's figures, the platforms and store items,
// the orders, the public config) are written in zod/mini in guards.ts, to keep classic zod off the
// storefront's pages; they are part of this contract.
export {
  countResponse,
  order,
  orderLine,
  orderList,
  platform,
  platformList,
  publicConfig,
  shopConfig,
  storeItem,
  storeList,
  tokenPair,
  userResponse,
  walletResponse,
  type Order,
  type OrderLine,
  type OrderList,
  type Platform,
  type PublicConfig,
  type StoreItem,
  type TokenPair,
  type User,
  type Wallet,
} from './guards.js';

// Every message a customer can see is Vietnamese: messages not set on a schema fall back to this one.
z.config({ customError: () => API_MESSAGES.badRequest });

const text = (max: number) =>
  z
    .string({ error: API_MESSAGES.badRequest })
    .max(max, { error: API_MESSAGES.tooLong(max) })
    .transform((value) => value.trim());

/**
 * A text field the client may leave out; absent and null become ''.
 * `.nullish()` rather than a union: zod 4 only lets a key be absent when its schema is optional, and a
 * union would replace the field's own message ("too long") with the generic one.
 */
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? '');

// ---------- errors ----------
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---------- auth ----------
export const signInProviderParams = z.object({ provider: z.string().max(40) });
export const signInBody = z.object({ user_access_token: z.string({ error: API_MESSAGES.badRequest }).min(1).max(8192) });
export const refreshBody = z.object({ refresh_token: z.string({ error: API_MESSAGES.badRequest }).min(1).max(512) });
export const signOutBody = z.object({ refresh_token: z.string().max(512).optional() });
export const okResponse = z.object({ ok: z.literal(true) });

// ---------- user and bank ----------

// ---------- catalogue ----------
const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: API_MESSAGES.badRequest })
  .transform((v) => v === 'true' || v === '1');

export const platformListQuery = z.object({
  keyword: z.string().max(TEXT_LIMITS.keyword, { error: API_MESSAGES.tooLong(TEXT_LIMITS.keyword) }).optional(),
  is_active: booleanQuery.optional(),
});


export const storeListQuery = z.object({
  keyword: z.string().max(TEXT_LIMITS.keyword, { error: API_MESSAGES.tooLong(TEXT_LIMITS.keyword) }).optional(),
  store_platform: z.coerce.number({ error: API_MESSAGES.badRequest }).int().positive().max(2_147_483_647).optional(),
});


// ---------- orders ----------
export const orderItemInput = z.object({
  id: z.number({ error: API_MESSAGES.badRequest }).int({ error: API_MESSAGES.badRequest }).positive({ error: API_MESSAGES.itemsUnavailable }).max(2_147_483_647, { error: API_MESSAGES.itemsUnavailable }),
  quantity: z
    .number({ error: API_MESSAGES.invalidQuantity })
    .int({ error: API_MESSAGES.invalidQuantity })
    .min(1, { error: API_MESSAGES.invalidQuantity })
    .max(MAX_LINE_QUANTITY, { error: API_MESSAGES.invalidQuantity }),
});

/** The order request (docs/product.md §3). Emptiness rules (§5) depend on the platform and are checked by the service. */
export const orderRequest = z.object({
  order_bank_name: optionalText(TEXT_LIMITS.name),
  order_contact: optionalText(TEXT_LIMITS.contact),
  order_account: optionalText(TEXT_LIMITS.account),
  order_pass: z
    .string({ error: API_MESSAGES.badRequest })
    .max(TEXT_LIMITS.password, { error: API_MESSAGES.tooLong(TEXT_LIMITS.password) })
    .nullish()
    .transform((value) => value ?? ''),
  order_server: optionalText(TEXT_LIMITS.server),
  order_uid: optionalText(TEXT_LIMITS.uid),
  order_comment: optionalText(TEXT_LIMITS.comment),
  order_pay_method: z.union([z.literal(0), z.literal(1)], { error: API_MESSAGES.invalidPayMethod }).default(1),
  order_items: z
    .array(orderItemInput, { error: TEXTS.chooseProduct })
    .max(MAX_ORDER_LINES, { error: API_MESSAGES.tooManyLines })
    .default([]),
});
export type OrderRequestInput = z.input<typeof orderRequest>;
export type OrderRequest = z.output<typeof orderRequest>;

/**
 * The order form (docs/product.md §2): its text fields as typed, checked with the API's own rule (order-rules.ts),
 * each missing field carrying its message from docs/product.md §5. The output is the request's text fields: those of the
 * other platform kind are sent empty. Lengths are left to the API, which answers them in the toast.
 */
export function orderForm(needLogin: boolean) {
  const typed = z.string();
  return z
    .object({
      order_bank_name: typed,
      order_contact: typed,
      order_account: typed,
      order_pass: typed,
      order_server: typed,
      order_uid: typed,
      order_comment: typed,
    })
    .superRefine((values, ctx) => {
      for (const [field, message] of Object.entries(orderFieldErrors(values, needLogin) ?? {})) {
        ctx.addIssue({ code: 'custom', path: [field], message });
      }
    })
    .transform((values): OrderTextValues => ({
      ...values,
      order_account: needLogin ? values.order_account : '',
      order_pass: needLogin ? values.order_pass : '',
      order_uid: needLogin ? '' : values.order_uid,
    }));
}
export type OrderFormInput = z.input<ReturnType<typeof orderForm>>;
export type OrderFormOutput = z.output<ReturnType<typeof orderForm>>;



export const orderIdParams = z.object({ id: z.uuid({ error: API_MESSAGES.orderNotFound }) });

export const orderListQuery = z.object({
  page: z.coerce.number({ error: API_MESSAGES.badRequest }).int({ error: API_MESSAGES.badRequest }).min(1, { error: API_MESSAGES.badRequest }).max(100_000).default(1),
  limit: z.coerce.number({ error: API_MESSAGES.badRequest }).int({ error: API_MESSAGES.badRequest }).min(1, { error: API_MESSAGES.badRequest }).max(MAX_LIST_LIMIT, { error: API_MESSAGES.badRequest }).default(ORDER_PAGE_SIZE),
  status: z.coerce.number({ error: API_MESSAGES.badRequest }).int().min(-1).max(3).optional(),
});

// ---------- storage ----------
export const fileIdParams = z.object({ fileId: z.string().regex(/^[a-f0-9]{64}$/, { error: API_MESSAGES.fileNotFound }) });

export const uploadResponse = z.object({ id: z.string(), content_type: z.string(), width: z.number().int(), height: z.number().int() });
export type UploadResponse = z.infer<typeof uploadResponse>;
