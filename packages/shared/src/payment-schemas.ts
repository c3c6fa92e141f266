/**
 * Bank transfers received from the bank feed (SePay, Casso) as the admin console sees them, and the
 * staff actions on unmatched ones (docs/architecture.md "Money paths"). Money is integer VND.
 */
import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';
import { ADMIN_LIMITS, uuidParams } from './admin-schemas.js';
import { API_MESSAGES } from './texts.js';

export const BANK_PROVIDERS = ['sepay', 'casso'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];

/**
 * A transfer's state: 'received' (stored, not handled yet — a retry handles it), 'matched' (paid an
 * order by itself), 'unmatched' (kept for staff), 'ignored' (outgoing, or to another account),
 * 'attached' (staff paid an order with it), 'refunded' (staff sent it back).
 */
export const TRANSFER_STATUS = {
  RECEIVED: 'received',
  MATCHED: 'matched',
  UNMATCHED: 'unmatched',
  IGNORED: 'ignored',
  ATTACHED: 'attached',
  REFUNDED: 'refunded',
  /** Signed by the provider, but a body the shop cannot read: kept as received for staff. */
  INVALID: 'invalid',
  /** A second report of one bank movement (the other provider): kept, linked, never counted. */
  DUPLICATE: 'duplicate',
  /** Staff's record of a payment they saw; counted until a bank feed reports it. */
  MANUAL: 'manual',
  /** A manual record a bank feed has since reported (the feed's transfer now counts for it). */
  VERIFIED: 'verified',
} as const;
export type TransferStatus = (typeof TRANSFER_STATUS)[keyof typeof TRANSFER_STATUS];
export const transferStatus = z.enum(['received', 'matched', 'unmatched', 'ignored', 'attached', 'refunded', 'invalid', 'duplicate', 'manual', 'verified']);

/** Where a transfer came from. */
export const TRANSFER_SOURCES = ['webhook', 'pull', 'manual'] as const;
export type TransferSource = (typeof TRANSFER_SOURCES)[number];
export const TRANSFER_SOURCE_LABELS: Record<TransferSource, string> = { webhook: 'webhook', pull: 'đối soát', manual: 'nhập tay' };

/** Why a transfer is unmatched or ignored. */
export const TRANSFER_REASON = {
  OUTGOING: 'outgoing',
  WRONG_ACCOUNT: 'wrong_account',
  NO_CODE: 'no_code',
  UNKNOWN_ORDER: 'unknown_order',
  UNDERPAID: 'underpaid',
  NOT_BANK_ORDER: 'not_bank_order',
  ALREADY_PAID: 'already_paid',
  ORDER_CLOSED: 'order_closed',
} as const;
export type TransferReason = (typeof TRANSFER_REASON)[keyof typeof TRANSFER_REASON];

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  received: 'Đang xử lý',
  matched: 'Đã khớp đơn',
  unmatched: 'Chưa khớp',
  ignored: 'Bỏ qua',
  attached: 'Đã gán vào đơn',
  refunded: 'Đã hoàn tiền',
  invalid: 'Không đọc được',
  duplicate: 'Trùng giao dịch',
  manual: 'Nhập tay, chưa xác thực',
  verified: 'Nhập tay, đã xác thực',
};

export const TRANSFER_REASON_LABELS: Record<TransferReason, string> = {
  outgoing: 'Tiền chuyển đi',
  wrong_account: 'Không phải tài khoản của shop',
  no_code: 'Nội dung không có mã đơn',
  unknown_order: 'Không có đơn hàng với mã này',
  underpaid: 'Chuyển thiếu tiền',
  not_bank_order: 'Đơn không thanh toán bằng chuyển khoản',
  already_paid: 'Đơn đã được thanh toán',
  order_closed: 'Đơn đã hết hạn hoặc bị từ chối',
};

export const adminTransfer = z.object({
  id: z.string(),
  /** The bank feed that reported it, or 'manual' for staff's own record. */
  provider: z.enum([...BANK_PROVIDERS, 'manual']),
  provider_tx_id: z.string(),
  direction: z.enum(['in', 'out']),
  account_number: z.string(),
  amount_vnd: z.number().int(),
  content: z.string(),
  reference: z.string(),
  /** The bank's time of the transaction (ISO). */
  transaction_at: z.string(),
  received_at: z.string(),
  status: transferStatus,
  /** A TRANSFER_REASON when unmatched or ignored, else ''. */
  reason: z.string(),
  order_id: z.string().nullable(),
  order_code: z.string().nullable(),
  /** Paid above the order's total: owed back to the customer by staff. */
  excess_vnd: z.number().int(),
  /**
   * When staff recorded the excess as sent back (POST …/refund on a matched or attached transfer); null
   * while it is still owed. The API always sends it; optional only so older clients' fixtures still parse.
   */
  excess_refunded_at: z.string().nullable().optional(),
  updated_at: z.string(),
  /** 'webhook', 'pull' (the provider's list, read by the shop) or 'manual' (staff's record). */
  source: z.enum(TRANSFER_SOURCES).optional(),
  /** A second report of one movement: the first report, which alone counts. */
  duplicate_of: z.string().nullable().optional(),
  /** A manual record a feed has reported: the feed's transfer. */
  verified_by: z.string().nullable().optional(),
});
export type AdminTransfer = z.infer<typeof adminTransfer>;

const message = { error: API_MESSAGES.badRequest };

export const adminTransferListQuery = z.object({
  page: z.coerce.number(message).int(message).min(1, message).max(100_000, message).default(1),
  limit: z.coerce.number(message).int(message).min(1, message).max(MAX_LIST_LIMIT, message).default(20),
  /** One status, or absent for every transfer. */
  status: z.preprocess((value) => (value === '' ? undefined : value), transferStatus.optional()),
  q: z.string().max(ADMIN_LIMITS.keyword, { error: API_MESSAGES.tooLong(ADMIN_LIMITS.keyword) }).optional(),
});
export type AdminTransferListQuery = z.input<typeof adminTransferListQuery>;
export const adminTransferList = z.object({ rows: z.array(adminTransfer), total: z.number().int() });
export type AdminTransferList = z.infer<typeof adminTransferList>;

/** Today's figures (shop's calendar day) for reconciliation, in VND and counts. */
export const adminTransferTotals = z.object({
  date: z.string(),
  received_vnd: z.number().int(),
  received_count: z.number().int(),
  matched_vnd: z.number().int(),
  matched_count: z.number().int(),
  unmatched_vnd: z.number().int(),
  unmatched_count: z.number().int(),
  /** Money owed back: unmatched transfers still open, overpayments, and rejected paid orders not yet refunded (all days). */
  refunds_due_vnd: z.number().int(),
  refunds_due_count: z.number().int(),
});
export type AdminTransferTotals = z.infer<typeof adminTransferTotals>;

const note = z
  .string(message)
  .max(ADMIN_LIMITS.reason, { error: API_MESSAGES.tooLong(ADMIN_LIMITS.reason) })
  .transform((value) => value.trim())
  .default('');

/** Attach an unmatched transfer to an order by its code; a short payment needs `accept_short: true`. */
export const adminTransferAttach = z.object({
  order_code: z
    .string(message)
    .max(40, message)
    .transform((value) => value.trim().toUpperCase())
    .refine((value) => value.length > 0, { error: API_MESSAGES.orderCodeRequired }),
  accept_short: z.boolean(message).default(false),
  note,
});
export type AdminTransferAttach = z.input<typeof adminTransferAttach>;

/**
 * Staff sent money back: an unmatched transfer's whole amount (it becomes 'refunded'), or the excess of a
 * matched or attached transfer that overpaid its order (`excess_refunded_at` is stamped).
 */
export const adminTransferRefund = z.object({ note });
export type AdminTransferRefund = z.input<typeof adminTransferRefund>;

export const transferIdParams = uuidParams;

/** What the webhooks answer to every accepted notification. */
export const webhookAck = z.object({ success: z.literal(true) });

/** One provider's pull of its transaction list: how many rows it listed, and how many the shop had not recorded. */
export const reconcileFeedResult = z.object({
  fetched: z.number().int(),
  new: z.number().int(),
  /** Why the pull failed (it is retried at the next round); absent when it succeeded. */
  error: z.string().optional(),
});
export type ReconcileFeedResult = z.infer<typeof reconcileFeedResult>;

/** POST /payment/api/v1/admin/reconcile: each configured provider, pulled before the answer. */
export const reconcileResult = z.object({ sepay: reconcileFeedResult.optional(), casso: reconcileFeedResult.optional() });
export type ReconcileResult = z.infer<typeof reconcileResult>;

/** Where a provider's pulls stand: the last one that succeeded, and since when they fail (null while they succeed). */
export const bankFeedStatus = z.object({
  provider: z.enum(BANK_PROVIDERS),
  last_success_at: z.string().nullable(),
  failing_since: z.string().nullable(),
  /** The last failure, in words staff read; '' while the pulls succeed. */
  last_error: z.string(),
});
export type BankFeedStatus = z.infer<typeof bankFeedStatus>;

/** GET /payment/api/v1/admin/reconcile: the pulls of each configured provider, and how often they run (0: on demand only). */
export const bankFeedStatuses = z.object({ interval_seconds: z.number().int(), feeds: z.array(bankFeedStatus) });
export type BankFeedStatuses = z.infer<typeof bankFeedStatuses>;

/** GET /payment/api/v1/admin/report?day=YYYY-MM-DD: one shop day's books (transfers by the bank's time). */
export const adminReportQuery = z.object({
  day: z.string(message).regex(/^\d{4}-\d{2}-\d{2}$/, { error: API_MESSAGES.reportDayInvalid }).optional(),
});
const providerMoney = z.object({ received_vnd: z.number().int(), count: z.number().int() });
export const adminDayReport = z.object({
  date: z.string(),
  /** Incoming transfers to the shop's account reported by the feeds, one movement counted once. */
  received_vnd: z.number().int(),
  /** Paid an order by themselves (including those that verified a manual record). */
  matched_vnd: z.number().int(),
  /** Attached to an order by staff. */
  attached_vnd: z.number().int(),
  /** Not tied to an order: still open, or sent back by staff. */
  unmatched_vnd: z.number().int(),
  /** Signed notifications the shop could not read (amount as far as it could be read). */
  invalid_vnd: z.number().int(),
  /** Money out, and transfers to other accounts: not the shop's money in. */
  ignored_vnd: z.number().int(),
  /** Second reports of movements already counted. */
  duplicate_vnd: z.number().int(),
  /** Staff's manual records no feed has reported yet: apart from the identity. */
  manual_vnd: z.number().int(),
  /** Manual records a feed reported this day. */
  manual_verified_vnd: z.number().int(),
  /** Owed back now (all days): unmatched transfers, excess, rejected paid bank orders. */
  refunds_owed_vnd: z.number().int(),
  /** Recorded as sent back this day. */
  refunds_sent_vnd: z.number().int(),
  /** received = matched + attached + unmatched + invalid. */
  balanced: z.boolean(),
  difference_vnd: z.number().int(),
  by_provider: z.object({ sepay: providerMoney, casso: providerMoney }),
  counts: z.object({
    matched: z.number().int(),
    attached: z.number().int(),
    unmatched: z.number().int(),
    invalid: z.number().int(),
    ignored: z.number().int(),
    duplicate: z.number().int(),
    manual: z.number().int(),
  }),
  orders: z.object({
    bank_paid: z.number().int(),
    bank_expired: z.number().int(),
    bank_refunded: z.number().int(),
    /** Paid this day on staff's word only (a manual record no feed has reported). */
    unverified: z.number().int(),
  }),
  coins: z.object({ granted: z.number().int(), spent: z.number().int(), compensated: z.number().int(), adjusted: z.number().int() }),
});
export type AdminDayReport = z.infer<typeof adminDayReport>;
