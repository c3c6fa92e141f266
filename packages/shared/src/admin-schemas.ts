/**
 * The admin console's contract (requests and responses of every `/…/api/v1/admin/…` route).
 * Same habits as schemas.ts: snake_case on the wire, Vietnamese messages, integers for money and coins.
 */
import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';
import { formatNumber } from './money.js';
import { order, storeItem } from './schemas.js';
import { API_MESSAGES } from './texts.js';

export const ADMIN_LIMITS = {
  resultComment: 2000,
  resultPictures: 10,
  reason: 500,
  name: 100,
  description: 2000,
  keyword: 100,
  /** Prices and coin amounts of a store item. */
  amount: 1_000_000_000,
  sortOrder: 1_000_000,
  /** Largest single coin adjustment, either way. */
  adjust: 100_000_000,
  reorderIds: 1000,
} as const;

const message = { error: API_MESSAGES.badRequest };

/** Trimmed text; `required` also refuses what is blank after trimming. */
const adminText = (max: number) =>
  z
    .string(message)
    .max(max, { error: API_MESSAGES.tooLong(max) })
    .transform((value) => value.trim());
const requiredName = adminText(ADMIN_LIMITS.name).refine((value) => value.length > 0, { error: API_MESSAGES.nameRequired });

/** Ids of stored files (SHA-256, hex); existence is checked by the service. */
export const fileId = z.string(message).regex(/^[a-f0-9]{64}$/, { error: API_MESSAGES.pictureNotFound });

const amount = (max: number) =>
  z
    .number({ error: API_MESSAGES.invalidAmount(max) })
    .int({ error: API_MESSAGES.invalidAmount(max) })
    .min(0, { error: API_MESSAGES.invalidAmount(max) })
    .max(max, { error: API_MESSAGES.invalidAmount(max) });

/**
 * A whole number typed into a form field, read the Vietnamese way — '25.000' and '25 000' are 25000, and
 * with `signed` '−500' (minus sign) is -500 — then checked by `wire`, the contract's own number schema, so
 * the form refuses what the API refuses, with its message. Anything else reads as NaN, which `wire` refuses.
 */
function typedInteger<T extends z.ZodType<number, number>>(wire: T, { signed = false } = {}) {
  const shape = signed ? /^[+-]?\d+$/ : /^\d+$/;
  return z
    .string(message)
    .transform((text) => {
      const cleaned = text.replace(/[\s.]/g, '').replace(/^\u2212/, '-');
      return shape.test(cleaned) ? Number(cleaned) : Number.NaN;
    })
    .pipe(wire);
}

/** A picture field of a form: the picker holds a list of at most one id, the wire the id or null. */
const onePicture = z
  .array(fileId, message)
  .max(1, message)
  .transform((ids) => ids[0] ?? null);

/** A query number; an empty value (`?status=`) counts as absent rather than 0. */
const queryInt = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number(message).int(message).min(min, message).max(max, message).optional(),
  );

/**
 * Admin lists count their matches up to this many: a `total` of LIST_COUNT_CAP + 1 means "more than
 * LIST_COUNT_CAP" (shown as 'Hơn 1.000'), so a count reads as many entries at a million orders as at a thousand
 * (docs/decisions/0013).
 */
export const LIST_COUNT_CAP = 1_000;

/** A list's `total` as the console writes it: 'Hơn 1.000' once the count stopped at the cap. */
export function listTotalLabel(total: number): string {
  return total > LIST_COUNT_CAP ? `Hơn ${formatNumber(LIST_COUNT_CAP)}` : formatNumber(total);
}

const pageQuery = {
  page: z.coerce.number(message).int(message).min(1, message).max(100_000, message).default(1),
  limit: z.coerce.number(message).int(message).min(1, message).max(MAX_LIST_LIMIT, message).default(20),
};
const keywordQuery = z.string().max(ADMIN_LIMITS.keyword, { error: API_MESSAGES.tooLong(ADMIN_LIMITS.keyword) }).optional();

export const uuidParams = z.object({ id: z.uuid({ error: API_MESSAGES.notFound }) });
export const intIdParams = z.object({ id: z.coerce.number(message).int(message).positive(message).max(2_147_483_647, message) });

// ---------- orders ----------
export const REFUND_STATUS = { DUE: 'due', DONE: 'done' } as const;
export const refundStatus = z.enum(['due', 'done']).nullable();

export const adminOrderListQuery = z.object({
  ...pageQuery,
  status: queryInt(-1, 3),
  pay_method: queryInt(0, 1),
  platform_id: queryInt(1, 2_147_483_647),
  q: keywordQuery,
  /** `true`: only open orders due within the hour or past due (the rows flagged `at_risk`); `false` or absent: no such filter. */
  at_risk: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .enum(['true', 'false'], message)
      .transform((value) => value === 'true')
      .optional(),
  ),
});

// order is a zod/mini schema (guards.ts): extended by its shape.
export const adminOrderRow = z.object({
  ...order.shape,
  user_id: z.string(),
  customer_email: z.string(),
  customer_name: z.string(),
  paid_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
  /** 'due' while a paid bank order that was rejected still has to be refunded by staff. */
  refund_status: refundStatus,
  /** Open and due within the hour, or already past due. */
  at_risk: z.boolean(),
  /** Money received for a bank order: the sum of its transfers (a manual record the feed verified counts once). */
  received_vnd: z.number().int(),
  /** What is owed back while refund_status is 'due': what was received, less the excess owed on its transfers. */
  refund_vnd: z.number().int(),
  /** Paid (in part) only on staff's word: a manual record no bank feed has reported yet. */
  payment_unverified: z.boolean(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;
export const adminOrderList = z.object({ rows: z.array(adminOrderRow), total: z.number().int() });
export type AdminOrderList = z.infer<typeof adminOrderList>;

export const adminOrderHistoryEntry = z.object({
  action: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int().nullable(),
  reason: z.string(),
  created_at: z.string(),
});
export const adminOrderDetail = adminOrderRow.extend({
  /** Whether a game password is stored; the password itself comes only from the audited reveal call. */
  has_password: z.boolean(),
  history: z.array(adminOrderHistoryEntry),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

/** POST …/admin/order/{id}/reveal-password: the game password, decrypted; null when none is stored (never needed, or erased). */
export const adminRevealPassword = z.object({ order_pass: z.string().nullable() });
export type AdminRevealPassword = z.infer<typeof adminRevealPassword>;

/** The most staff may record as received for one bank order by hand. */
const RECEIVED_MAX_VND = 10_000_000_000;

export const adminOrderPatch = z.object({
  status: z.number(message).int(message).min(0, message).max(3, message),
  result_comment: adminText(ADMIN_LIMITS.resultComment).optional(),
  result_picture: z.array(fileId).max(ADMIN_LIMITS.resultPictures, { error: API_MESSAGES.tooManyResultPictures }).optional(),
  reason: adminText(ADMIN_LIMITS.reason).optional(),
  /** The status the admin saw; when the order has moved since, the change is refused (409). */
  expected_status: z.number(message).int(message).min(0, message).max(3, message).optional(),
  /** Confirming a bank order by hand (0 → 1): the amount staff saw arrive, in VND (required then). */
  received_vnd: z.number(message).int(message).min(1, message).max(RECEIVED_MAX_VND, message).optional(),
  /** …and, if they have it, the bank's reference of that transfer. */
  bank_reference: adminText(100).optional(),
});
export type AdminOrderPatch = z.input<typeof adminOrderPatch>;

/** The 'Hoàn thành đơn' form: the reply (trimmed) and the result pictures, as the patch sends them. */
export const adminCompleteForm = adminOrderPatch.pick({ result_comment: true, result_picture: true }).required();
/**
 * The 'Xác nhận đã nhận tiền' form of an unpaid bank order: the amount seen in the shop's account as typed
 * ('1.250.000'), required and above 0, and the bank's reference when staff have it (trimmed, may be blank).
 */
const receivedProblem = { error: API_MESSAGES.receivedInvalid };
export const adminConfirmPaymentForm = z.object({
  received_vnd: z
    .string(message)
    .refine((text) => text.trim() !== '', { error: API_MESSAGES.receivedRequired })
    .pipe(typedInteger(z.number(receivedProblem).int(receivedProblem).min(1, receivedProblem).max(RECEIVED_MAX_VND, receivedProblem))),
  bank_reference: adminText(100),
});
/** The 'Từ chối đơn' form: a reason is required (the API refuses a rejection without one). */
export const adminRejectForm = z.object({
  reason: adminText(ADMIN_LIMITS.reason).refine((value) => value.length > 0, {
    error: API_MESSAGES.rejectReasonRequired,
  }),
});

export const adminDashboard = z.object({
  /** The shop's calendar day (Asia/Ho_Chi_Minh), YYYY-MM-DD. */
  date: z.string(),
  orders_today: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    processing: z.number().int(),
    completed: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Bank orders completed today, in VND. */
  revenue_vnd: z.number().int(),
  /** Sum of today's positive ledger deltas. */
  coins_issued: z.number().int(),
  /** Sum of today's negative ledger deltas, as a positive number. */
  coins_spent: z.number().int(),
  /** Open orders due within the hour or past due, whatever day they were placed. */
  at_risk: z.number().int(),
  refunds_due: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

// ---------- catalogue ----------
export const adminPlatform = z.object({
  id: z.number().int(),
  name: z.string(),
  picture: z.string().nullable(),
  sale_picture: z.string().nullable(),
  need_login: z.boolean(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  item_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminPlatform = z.infer<typeof adminPlatform>;
export const adminPlatformList = z.array(adminPlatform);

const sortOrder = amount(ADMIN_LIMITS.sortOrder);
const flag = z.boolean(message);

export const adminPlatformCreate = z.object({
  name: requiredName,
  picture: fileId.nullish(),
  sale_picture: fileId.nullish(),
  need_login: flag.default(false),
  is_active: flag.default(true),
  sort_order: sortOrder.optional(),
});
export const adminPlatformPatch = z.object({
  name: requiredName.optional(),
  picture: fileId.nullable().optional(),
  sale_picture: fileId.nullable().optional(),
  need_login: flag.optional(),
  is_active: flag.optional(),
  sort_order: sortOrder.optional(),
});
export type AdminPlatformCreate = z.input<typeof adminPlatformCreate>;
export type AdminPlatformPatch = z.input<typeof adminPlatformPatch>;

/** The platform dialog: what it holds, read into the fields of a create or a patch. */
export const adminPlatformForm = z.object({
  name: requiredName,
  picture: onePicture,
  sale_picture: onePicture,
  need_login: flag,
  is_active: flag,
});

export const reorderBody = z.object({
  ids: z
    .array(z.number(message).int(message).positive(message).max(2_147_483_647, message), message)
    .min(1, { error: API_MESSAGES.reorderInvalid })
    .max(ADMIN_LIMITS.reorderIds, { error: API_MESSAGES.reorderInvalid }),
});

// storeItem is a zod/mini schema (guards.ts): extended by its shape.
export const adminStoreItem = z.object({
  ...storeItem.shape,
  platform_name: z.string(),
  sort_order: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminStoreItem = z.infer<typeof adminStoreItem>;
export const adminStoreList = z.array(adminStoreItem);
export const adminStoreListQuery = z.object({ platform_id: queryInt(1, 2_147_483_647) });

const price = amount(ADMIN_LIMITS.amount);
export const adminStoreCreate = z.object({
  platform_id: z.number(message).int(message).positive(message).max(2_147_483_647, message),
  name: requiredName,
  description: adminText(ADMIN_LIMITS.description).default(''),
  picture: fileId.nullish(),
  price,
  raw_price: price,
  coin: price,
  gift_coin: price.default(0),
  is_active: flag.default(true),
  sort_order: sortOrder.optional(),
});
export const adminStorePatch = z.object({
  platform_id: z.number(message).int(message).positive(message).max(2_147_483_647, message).optional(),
  name: requiredName.optional(),
  description: adminText(ADMIN_LIMITS.description).optional(),
  picture: fileId.nullable().optional(),
  price: price.optional(),
  raw_price: price.optional(),
  coin: price.optional(),
  gift_coin: price.optional(),
  is_active: flag.optional(),
  sort_order: sortOrder.optional(),
});
export type AdminStoreCreate = z.input<typeof adminStoreCreate>;
export type AdminStorePatch = z.input<typeof adminStorePatch>;

/** The store item dialog: amounts as typed ('25.000'), read into the numbers of a create or a patch. */
const typedPrice = typedInteger(price);
export const adminStoreItemForm = z.object({
  name: requiredName,
  description: adminText(ADMIN_LIMITS.description),
  picture: onePicture,
  price: typedPrice,
  raw_price: typedPrice,
  coin: typedPrice,
  gift_coin: typedPrice,
  is_active: flag,
});

// ---------- customers and coins ----------
export const adminUserListQuery = z.object({ ...pageQuery, q: keywordQuery });
export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  coin_total: z.number().int(),
  pending_coins: z.number().int(),
  available_coins: z.number().int(),
  order_count: z.number().int(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;
export const adminUserList = z.object({ rows: z.array(adminUserRow), total: z.number().int() });

export const adminLedgerParams = z.object({ userId: z.uuid({ error: API_MESSAGES.userNotFound }) });
export const adminLedgerQuery = z.object(pageQuery);
export const adminLedgerRow = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  order_id: z.string().nullable(),
  order_code: z.string().nullable(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  note: z.string(),
  created_at: z.string(),
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRow>;
export const adminLedger = z.object({ rows: z.array(adminLedgerRow), total: z.number().int() });

const adjustDelta = { error: API_MESSAGES.adjustDeltaInvalid };
export const adminAdjustBody = z.object({
  user_id: z.uuid({ error: API_MESSAGES.userNotFound }),
  delta: z
    .number(adjustDelta)
    .int(adjustDelta)
    .min(-ADMIN_LIMITS.adjust, adjustDelta)
    .max(ADMIN_LIMITS.adjust, adjustDelta)
    .refine((value) => value !== 0, adjustDelta),
  reason: z
    .string({ error: API_MESSAGES.adjustReasonRequired })
    .max(ADMIN_LIMITS.reason, { error: API_MESSAGES.tooLong(ADMIN_LIMITS.reason) })
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, { error: API_MESSAGES.adjustReasonRequired }),
});
export type AdminAdjustBody = z.input<typeof adminAdjustBody>;
/** The 'Điều chỉnh coin' form: the delta as typed ('-500', '1.000'); the customer is added by the dialog. */
export const adminAdjustForm = z.object({
  delta: typedInteger(adminAdjustBody.shape.delta, { signed: true }),
  reason: adminAdjustBody.shape.reason,
});
export const adminAdjustResponse = z.object({ total: z.number().int(), available: z.number().int() });
