/**
 * The database schema (docs/architecture.md "Processes"). One migration set serves PGlite and PostgreSQL:
 * only SQL both accept. Money is integer VND and coins are integers, stored as bigint.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS } from '@lucky/shared';
import { foldedText } from '../lib/search-sql.js';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The open statuses (0, 1) as SQL text: partial-index predicates and the queries they serve must read alike. */
const OPEN = `${ORDER_STATUS.PENDING}, ${ORDER_STATUS.PROCESSING}`;

const money = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** bytea: Buffer from node-postgres, Uint8Array from PGlite. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    picture: text('picture'),
    /** The provider the account was created with; its sign-ins are in user_identities. */
    provider: text('provider').notNull(),
    providerSubject: text('provider_subject'),
    /**
     * Whether a provider vouched for the email (Google's email_verified; the local demo provider).
     * Only a verified email can link another provider's sign-in to the account, or make it an admin;
     * Facebook emails never count (docs/decisions/0011).
     */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Cached sum of the user's coin_ledger deltas, updated in the same transaction. */
    coinTotal: money('coin_total').notNull().default(0),
    /**
     * The name lower-cased without Vietnamese diacritics, kept by the database itself, so the console's
     * search compares against an indexed value instead of folding every name per query (decision 0013).
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs((): SQL => foldedText(sql.raw('"name"'))),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per verified email; unverified ones (Facebook) may repeat an address, so they can never
    // squat on or take over the account of the person who owns it.
    uniqueIndex('users_verified_email_key').on(t.email).where(sql`${t.emailVerified}`),
    index('users_email_idx').on(t.email),
    // Trigram indexes (pg_trgm) answer the console's "contains" search, LIKE '%…%', without reading every row.
    index('users_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    index('users_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    // The console's customer list, newest first (read backwards).
    index('users_created_idx').on(t.createdAt, t.id),
    check('users_coin_total_nonnegative', sql`${t.coinTotal} >= 0`),
  ],
);

/**
 * Which provider account signs in to which of our accounts: found by (provider, subject) first, so a
 * changed or unverified email never moves a sign-in to another account. One account may have several.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    /** The provider's own id of the person (Google's `sub`, Facebook's user id). */
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the provider gave at the last sign-in, and whether it said the email is verified. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every rotation of one sign-in shares a family; reuse of a spent token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const storedFiles = pgTable('stored_files', {
  /** sha256 of the stored bytes, hex. */
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const platforms = pgTable(
  'platforms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** Lower-case name without Vietnamese diacritics, for keyword search. */
    searchName: text('search_name').notNull(),
    picture: text('picture').references(() => storedFiles.id),
    salePicture: text('sale_picture').references(() => storedFiles.id),
    needLogin: boolean('need_login').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('platforms_active_sort_idx').on(t.isActive, t.sortOrder)],
);

export const storeItems = pgTable(
  'store_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    description: text('description').notNull().default(''),
    picture: text('picture').references(() => storedFiles.id),
    priceVnd: money('price_vnd').notNull(),
    rawPriceVnd: money('raw_price_vnd').notNull(),
    coinCost: money('coin_cost').notNull(),
    giftCoin: money('gift_coin').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('store_items_platform_idx').on(t.platformId, t.isActive, t.sortOrder),
    check('store_items_amounts_nonnegative', sql`${t.priceVnd} >= 0 and ${t.rawPriceVnd} >= 0 and ${t.coinCost} >= 0 and ${t.giftCoin} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short, unambiguous, ASCII: also the bank-transfer memo. */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    platformId: integer('platform_id')
      .notNull()
      .references(() => platforms.id),
    platformName: text('platform_name').notNull(),
    status: smallint('status').notNull().default(0),
    payMethod: smallint('pay_method').notNull(),
    payQrCode: text('pay_qr_code').notNull().default(''),
    totalPriceVnd: money('total_price_vnd').notNull(),
    totalCoin: money('total_coin').notNull(),
    totalGiftCoin: money('total_gift_coin').notNull(),
    bankName: text('order_bank_name').notNull(),
    contact: text('order_contact').notNull().default(''),
    account: text('order_account').notNull().default(''),
    /** AES-256-GCM ciphertext of the game password; null once the order is final. */
    passEncrypted: text('order_pass_encrypted'),
    server: text('order_server').notNull(),
    uid: text('order_uid').notNull().default(''),
    comment: text('order_comment').notNull().default(''),
    resultComment: text('result_comment').notNull().default(''),
    resultPicture: jsonb('result_picture').$type<string[]>().notNull().default([]),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Money owed back for a paid bank order that was rejected (docs/decisions/0005): 'due' until staff
     * record the transfer back, then 'done'; null when nothing is owed.
     */
    refundStatus: text('refund_status'),
    /** Money in for a bank order: the sum of its transfers (a verified manual record counted once). */
    receivedVnd: money('received_vnd').notNull().default(0),
    /** The part of received_vnd above the order's total, owed back on its transfers. */
    excessVnd: money('excess_vnd').notNull().default(0),
    /** The part of received_vnd that only staff's manual records, not yet seen by a bank feed, stand for. */
    unverifiedVnd: money('unverified_vnd').notNull().default(0),
    /** When staff were told the order is at risk of its promise (once per order; see jobs/deadline.ts). */
    atRiskAlertedAt: timestamp('at_risk_alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_code_key').on(t.code),
    // Only orders placed with a key (migration 0018): it answers whether a key was used, and does not fit a
    // customer's whole history, where a kept plan could read it instead of orders_user_created_idx.
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // Migration 0018 makes it (user_id, created_at, id) INCLUDE (status, due_at, finished_at), which drizzle cannot
    // write: a customer's page (created_at DESC, id DESC) is the index read backwards, and the console's search
    // sorts a customer's orders in the queue's order from the index alone (0013).
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    // Open orders are few whatever the history: the deadline sweep, the at-risk count and the open coin
    // orders holding a customer's coins read these small partial indexes (decision 0013).
    index('orders_open_due_idx').on(t.dueAt).where(sql`${t.status} in (${sql.raw(OPEN)})`),
    index('orders_open_user_idx').on(t.userId).where(sql`${t.status} in (${sql.raw(OPEN)})`),
    // The console's queue in its own order (modules/orders/admin-repository.ts QUEUE_ORDER), so a page is read
    // off the index instead of sorting every order.
    index('orders_queue_idx').on(
      sql`(case when ${t.status} in (${sql.raw(OPEN)}) then 0 else 1 end)`,
      sql`(case when ${t.status} in (${sql.raw(OPEN)}) then ${t.dueAt} end)`,
      t.finishedAt.desc().nullsLast(),
      // NULLS FIRST is what a plain DESC in ORDER BY means; the index serves the ORDER BY only if they agree.
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_code_trgm_idx').using('gin', sql`lower(${t.code}) gin_trgm_ops`),
    // The dashboard's refunds still owed (its day figures are in shop_day_figures).
    index('orders_refund_due_idx').on(t.createdAt).where(sql`${t.refundStatus} = 'due'`),
    check('orders_status_known', sql`${t.status} in (0, 1, 2, 3)`),
    check('orders_pay_method_known', sql`${t.payMethod} in (0, 1)`),
    check('orders_refund_status_known', sql`${t.refundStatus} is null or ${t.refundStatus} in ('due', 'done')`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => storeItems.id),
    /** Copied at purchase: later catalogue edits never change an order. */
    name: text('name').notNull(),
    priceVnd: money('price_vnd').notNull(),
    coinCost: money('coin_cost').notNull(),
    giftCoin: money('gift_coin').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), check('order_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * Append-only: every coin change is a row here plus the cached users.coin_total, in one transaction. A
 * trigger (migration 0003) refuses UPDATE, DELETE and TRUNCATE; a correction is a new row. An order moves
 * coins at most once per reason (debit, gift, compensation): the partial unique index below backs that.
 */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    delta: money('delta').notNull(),
    balanceAfter: money('balance_after').notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    actorId: uuid('actor_id').references(() => users.id),
    note: text('note').notNull().default(''),
    /**
     * A staff adjustment's Idempotency-Key: a double-submitted adjustment finds the row its first submit
     * wrote instead of writing a second (modules/admin-customers).
     */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('coin_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('coin_ledger_order_reason_key').on(t.orderId, t.reason).where(sql`${t.orderId} is not null`),
    uniqueIndex('coin_ledger_actor_idempotency_key')
      .on(t.actorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('coin_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null when the system acted (a job). */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt)],
);

/**
 * Every authenticated bank-feed notification (SePay, Casso), stored raw before it is acted on
 * (docs/architecture.md "Money paths"). (provider, provider_tx_id) is unique, so a retry or a replay finds the row
 * already there; `status` 'received' means stored but not yet handled, so a retry handles it again.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerTxId: text('provider_tx_id').notNull(),
    /** The notification's body exactly as it arrived. */
    rawBody: text('raw_body').notNull(),
    /** 'in' (money received) or 'out' (money sent, ignored). */
    direction: text('direction').notNull(),
    /** The receiving account: the shop's when the notification names it (main or virtual account). */
    accountNumber: text('account_number').notNull().default(''),
    /** Always positive: `direction` says which way the money went. */
    amountVnd: money('amount_vnd').notNull(),
    /** The transfer memo as the bank gives it. */
    content: text('content').notNull().default(''),
    /** The order code as the provider itself read it from the memo (SePay's `code`), '' when none. */
    providerCode: text('provider_code').notNull().default(''),
    /** The bank's own reference of the transaction. */
    reference: text('reference').notNull().default(''),
    /** When the bank says the transaction happened. */
    transactionAt: timestamp('transaction_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** received → matched | unmatched | ignored; unmatched → attached | refunded (by staff). */
    status: text('status').notNull().default('received'),
    /** Why it is unmatched or ignored (a machine word; the console shows it in Vietnamese). */
    reason: text('reason').notNull().default(''),
    orderId: uuid('order_id').references(() => orders.id),
    /** Paid above the order's total, owed back by staff. */
    excessVnd: money('excess_vnd').notNull().default(0),
    /** When staff recorded the excess as sent back; null while it is still owed (or there is none). */
    excessRefundedAt: timestamp('excess_refunded_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** 'webhook', 'pull' (the provider's transaction list) or 'manual' (staff's record of a payment they saw). */
    source: text('source').notNull().default('webhook'),
    /** A second report of one bank movement (the other provider): the first report, which alone counts. */
    duplicateOf: uuid('duplicate_of').references((): AnyPgColumn => bankTransfers.id),
    /** A manual record the feed has since reported: the feed's transfer, which now counts for it. */
    verifiedBy: uuid('verified_by').references((): AnyPgColumn => bankTransfers.id),
    /** Who recorded a manual transfer. */
    actorId: uuid('actor_id').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bank_transfers_provider_tx_key').on(t.provider, t.providerTxId),
    index('bank_transfers_received_idx').on(t.receivedAt),
    index('bank_transfers_status_idx').on(t.status, t.receivedAt),
    index('bank_transfers_order_idx').on(t.orderId),
    // The day's totals go by the bank's time, as the bank statement does.
    index('bank_transfers_transaction_idx').on(t.transactionAt),
    index('bank_transfers_reference_idx').on(t.accountNumber, t.reference).where(sql`${t.reference} <> ''`),
    // Another provider's report of one movement is looked for by amount, memo and minute through migration 0011's
    // bank_transfers_memo_idx, an expression index kept in SQL only (migrations 0011, 0017): no other index may fit
    // that lookup, or a kept plan can settle on it and read every transfer of the amount (decision 0026).
    check(
      'bank_transfers_status_known',
      sql`${t.status} in ('received', 'matched', 'unmatched', 'ignored', 'attached', 'refunded', 'invalid', 'duplicate', 'manual', 'verified')`,
    ),
    check('bank_transfers_source_known', sql`${t.source} in ('webhook', 'pull', 'manual')`),
    check('bank_transfers_direction_known', sql`${t.direction} in ('in', 'out')`),
    check('bank_transfers_amounts_nonnegative', sql`${t.amountVnd} >= 0 and ${t.excessVnd} >= 0`),
  ],
);

/**
 * Every change announced to live streams (docs/architecture.md "Live events"): written in the
 * transaction that made the change, then NOTIFY carries it to every API instance. Kept for a while so a
 * stream that reconnects with Last-Event-ID gets what it missed.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'order' or 'transfer'. */
    kind: text('kind').notNull(),
    entityId: text('entity_id').notNull(),
    /** The customer the event concerns (orders); null for staff-only events. */
    userId: uuid('user_id'),
    /** What happened: placed, paid, status, at_risk, refund, received, attached, refunded. */
    cause: text('cause').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_created_idx').on(t.createdAt), index('events_user_idx').on(t.userId, t.id)],
);

/**
 * The dashboard's day figures, kept by triggers in the transaction of every change (migration 0005), so
 * reading a day is a few rows whatever the shop's volume (decision 0013). A day is the shop's calendar
 * day (Asia/Ho_Chi_Minh). Orders are counted on the day they were placed, by their status now; bank
 * revenue on the day a bank order was completed; coins on the day of their ledger row. Each day is split
 * in 64 shards (by order, else by user) so that concurrent changes seldom wait for one row; a day's
 * figures are the sum of its shards.
 */
export const shopDayFigures = pgTable(
  'shop_day_figures',
  {
    day: date('day').notNull(),
    shard: smallint('shard').notNull(),
    pending: integer('pending').notNull().default(0),
    processing: integer('processing').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    revenueVnd: money('revenue_vnd').notNull().default(0),
    coinsIssued: money('coins_issued').notNull().default(0),
    coinsSpent: money('coins_spent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * Each customer's number of orders, kept by triggers on orders (migration 0012), so the console's customer list
 * reads one row per customer whatever their history. A customer with no order may have no row.
 */
export const userOrderCounts = pgTable('user_order_counts', {
  userId: uuid('user_id').primaryKey(),
  orders: integer('orders').notNull().default(0),
});

/** Where each bank feed's pull of its transaction list has got to, and how it has fared (jobs/reconcile.ts). */
export const bankFeedPulls = pgTable('bank_feed_pulls', {
  provider: text('provider').primaryKey(),
  /** The provider's own position: SePay's last transaction id, Casso's last day read. */
  cursor: text('cursor').notNull().default(''),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** Since when every pull has failed; null while they succeed. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  lastError: text('last_error').notNull().default(''),
  /** When staff were told the pulls keep failing (once per failing spell). */
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Bank accounts that transfers reported by a bank feed were sent to although they are not the shop's
 * (BANK_ACCOUNT_NUMBER): staff are alerted once per account, whichever instance hears it first and
 * however often the shop restarts (modules/alerts).
 */
export const wrongAccountAlerts = pgTable('wrong_account_alerts', {
  accountNumber: text('account_number').primaryKey(),
  /** The first transfer seen to that account. */
  transferId: uuid('transfer_id').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers a customer turned order notifications on in (modules/push): the push service's address of the
 * browser (unique: a browser belongs to whoever subscribed last) and the keys its messages are encrypted
 * for (RFC 8291). Removed when the push service answers 404 or 410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
