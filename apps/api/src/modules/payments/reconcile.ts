/**
 * Pulling what the bank feed missed (README "Taking payments by bank feed"). A provider gives up on a
 * webhook it could not deliver (SePay after 7 tries over about 33 minutes), so the shop also reads each
 * configured provider's transaction list — every RECONCILE_SECONDS (jobs/reconcile.ts) and when staff press
 * 'Đối soát ngay' — and hands every row to `receiveNotification`, the one path a webhook takes: stored,
 * deduplicated on (provider, transaction id), matched. A pulled row and the webhook of the same transaction
 * carry the same id (pulled-rows.ts), so whichever comes second has no effect.
 *
 * Where each provider's pulls have got to is kept in the database, with an overlap, since banks post late:
 * - SePay: the highest transaction id seen; the next pull asks from a little below it (since_id). SePay
 *   numbers a transaction when it records it, so a transfer the bank posted late carries a new, higher id
 *   whatever its date; the overlap re-reads the last few in case two were numbered in one order and
 *   recorded in the other. The first pull reads the last day (an unpaid order expires after 24 hours).
 * - Casso: days; the next pull reads from the day before the last successful one.
 * Rows the shop has recorded and handled already are skipped without a write; the rest go through the path.
 *
 * One pull at a time across instances (pull-lock.ts). A pull that fails is retried at the next round; when
 * a provider's pulls have failed for an hour, staff are told once for that failing spell (a 'feed' event:
 * the console and Telegram, modules/alerts), and told again when they work again.
 */
import {
  EVENT_CAUSES,
  EVENT_KINDS,
  TRANSFER_STATUS,
  shopDate,
  type BankFeedStatus,
  type BankFeedStatuses,
  type BankProvider,
  type EventCause,
  type ReconcileFeedResult,
  type ReconcileResult,
} from '@lucky/shared';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { databaseNow } from '../../db/clock.js';
import { FeedError, cassoPages, sepayPages, type RawRow } from './feed-clients.js';
import type { BankNotification } from './notifications.js';
import { withPullLock } from './pull-lock.js';
import * as pulls from './pull-repository.js';
import { cassoRow, fromCassoRow, fromSepayRow, sepayRow } from './pulled-rows.js';
import { receiveNotification } from './service.js';

/** Pulls failing this long alert staff (once per failing spell). */
export const FEED_ALERT_AFTER_MS = 60 * 60 * 1000;
/** How far below the last SePay id seen the next pull starts. */
const SEPAY_ID_OVERLAP = 100n;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows looked up and handled together. */
const BATCH = 200;

const FEED_NAMES: Record<BankProvider, string> = { sepay: 'SePay', casso: 'Casso' };

/** The providers whose transaction lists this shop pulls (those with an API credential). */
export function configuredFeeds(config: Config): BankProvider[] {
  const feeds: BankProvider[] = [];
  if (config.reconcile.sepay) feeds.push('sepay');
  if (config.reconcile.casso) feeds.push('casso');
  return feeds;
}

export interface PullOptions {
  /** Wait for a pull another instance is making (staff's button); else skip this round (the job). */
  wait?: boolean;
  /** Cuts the pull short (the server shutting down): nothing is recorded as failed. */
  signal?: AbortSignal;
  /** Rows per SePay request (its maximum, 5000, by default); tests page with fewer. */
  sepayPageSize?: number;
}

/**
 * Pulls every configured provider once. Answers per provider how many rows it listed and how many the
 * shop had not recorded; a provider whose pull failed says why (`error`). Null when another pull holds
 * the lock and `wait` is off.
 */
export async function pullBankFeeds(ctx: AppContext, options: PullOptions = {}): Promise<ReconcileResult | null> {
  const feeds = configuredFeeds(ctx.config);
  if (feeds.length === 0) return {};
  const locked = await withPullLock(ctx, options.wait ?? false, async () => {
    // The database's clock, as the other jobs read it: instances agree on when an hour of failures is up.
    const now = await databaseNow(ctx.db);
    const result: ReconcileResult = {};
    for (const provider of feeds) result[provider] = await pullFeed(ctx, provider, now, options);
    return result;
  });
  return locked.ran ? locked.value : null;
}

interface Counts {
  fetched: number;
  fresh: number;
}

async function pullFeed(ctx: AppContext, provider: BankProvider, now: Date, options: PullOptions): Promise<ReconcileFeedResult> {
  const [state] = await pulls.findPulls(ctx.db, [provider]);
  const counts: Counts = { fetched: 0, fresh: 0 };
  try {
    const cursor = await pullers[provider](ctx, state, now, counts, options);
    await recordSuccess(ctx, provider, cursor, now);
    ctx.log[counts.fresh > 0 ? 'info' : 'debug'](
      { provider, fetched: counts.fetched, new: counts.fresh },
      counts.fresh > 0 ? 'bank feed pull recorded transfers the webhooks had not delivered' : 'bank feed pulled',
    );
    return { fetched: counts.fetched, new: counts.fresh };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = error instanceof FeedError ? error.message : `Lỗi không mong muốn khi đối soát với ${FEED_NAMES[provider]}`;
    // A query error carries its parameters (a raw row among them): log the database's own error.
    const cause = !(error instanceof FeedError) && error instanceof Error && error.cause instanceof Error ? error.cause : error;
    ctx.log.warn(
      { provider, err: cause, fetched: counts.fetched, new: counts.fresh },
      'bank feed pull failed; it is tried again at the next round',
    );
    await recordFailure(ctx, provider, message, now);
    return { fetched: counts.fetched, new: counts.fresh, error: message };
  }
}

/** Reads one provider's rows from where its last pull stopped: the cursor to store for the next pull. */
type Puller = (
  ctx: AppContext,
  state: pulls.PullRow | undefined,
  now: Date,
  counts: Counts,
  options: PullOptions,
) => Promise<string>;

const pullSepay: Puller = async (ctx, state, now, counts, options) => {
  const feed = ctx.config.reconcile.sepay!;
  const cursor = state && /^\d{1,30}$/.test(state.cursor) ? BigInt(state.cursor) : null;
  let highest = cursor;
  const pages = sepayPages(
    {
      apiUrl: feed.apiUrl,
      token: feed.token,
      accountNumber: ctx.config.bank.accountNumber,
      sinceId: cursor === null ? null : cursor > SEPAY_ID_OVERLAP ? cursor - SEPAY_ID_OVERLAP : 0n,
      dateMin: cursor === null ? new Date(now.getTime() - DAY_MS) : null,
      limit: options.sepayPageSize,
    },
    { signal: options.signal },
  );
  const seen = new Set<string>();
  for await (const rows of pages) {
    counts.fetched += rows.length;
    await storeRows(ctx, 'sepay', rows, counts, seen);
    for (const row of rows) {
      const id = String(row.id ?? '');
      if (/^\d{1,30}$/.test(id) && (highest === null || BigInt(id) > highest)) highest = BigInt(id);
    }
  }
  return highest === null ? '' : String(highest);
};

const pullCasso: Puller = async (ctx, state, now, counts, options) => {
  const feed = ctx.config.reconcile.casso!;
  const since = state?.lastSuccessAt ?? now;
  // toDate is tomorrow: today's transactions are wanted whether Casso reads the day as included or not.
  const toDate = shopDate(new Date(now.getTime() + DAY_MS));
  const pages = cassoPages(
    { apiUrl: feed.apiUrl, apiKey: feed.apiKey, fromDate: shopDate(new Date(since.getTime() - DAY_MS)), toDate },
    { signal: options.signal },
  );
  const seen = new Set<string>();
  for await (const rows of pages) {
    counts.fetched += rows.length;
    await storeRows(ctx, 'casso', rows, counts, seen);
  }
  return shopDate(now);
};

const pullers: Record<BankProvider, Puller> = { sepay: pullSepay, casso: pullCasso };

type Reader = (raw: RawRow, shopAccount: string, now: Date) => BankNotification | null;

const readers: Record<BankProvider, Reader> = {
  sepay: (raw, shopAccount, now) => read(sepayRow, raw, (row) => fromSepayRow(row, shopAccount, now)),
  casso: (raw, shopAccount, now) => read(cassoRow, raw, (row) => fromCassoRow(row, shopAccount, now)),
};

function read<S extends z.ZodType>(schema: S, raw: RawRow, convert: (row: z.output<S>) => BankNotification) {
  const parsed = schema.safeParse(raw);
  return parsed.success ? convert(parsed.data) : null;
}

/**
 * Hands the rows the shop has not handled yet to the webhook's path, in the order listed. An unreadable row
 * stops the pull there (what came before it is kept): it is money the shop cannot see, so the pull keeps
 * failing, and after an hour staff are told which transaction it is, rather than the row being passed over.
 */
async function storeRows(ctx: AppContext, provider: BankProvider, rows: RawRow[], counts: Counts, seen: Set<string>) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch: { notification: BankNotification; raw: RawRow }[] = [];
    let unreadable: RawRow | null = null;
    for (const raw of rows.slice(start, start + BATCH)) {
      const notification = readers[provider](raw, ctx.config.bank.accountNumber, new Date());
      if (!notification) {
        unreadable = raw;
        break;
      }
      if (seen.has(notification.providerTxId)) continue;
      seen.add(notification.providerTxId);
      batch.push({ notification, raw });
    }
    const stored = await pulls.storedTransfers(
      ctx.db,
      provider,
      batch.map(({ notification }) => notification.providerTxId),
    );
    for (const { notification, raw } of batch) {
      const status = stored.get(notification.providerTxId);
      // Recorded and handled already (by its webhook or an earlier pull): nothing to do.
      if (status !== undefined && status !== TRANSFER_STATUS.RECEIVED) continue;
      await receiveNotification(ctx, notification, JSON.stringify(raw), new Date(), 'pull');
      if (status === undefined) counts.fresh += 1;
    }
    if (unreadable) {
      const id = typeof unreadable.id === 'string' || typeof unreadable.id === 'number' ? String(unreadable.id).slice(0, 40) : '?';
      throw new FeedError(`${FEED_NAMES[provider]} trả về giao dịch không đọc được (mã giao dịch ${id})`);
    }
  }
}

const publish = (ctx: AppContext, tx: Tx, provider: BankProvider, cause: EventCause) =>
  ctx.events.publish(tx, { kind: EVENT_KINDS.FEED, entityId: provider, userId: null, cause });

async function recordSuccess(ctx: AppContext, provider: BankProvider, cursor: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await pulls.lockPull(tx, provider, now);
    await pulls.updatePull(tx, provider, {
      cursor,
      lastSuccessAt: now,
      failingSince: null,
      lastError: '',
      alertedAt: null,
      updatedAt: now,
    });
    // Staff were told the pulls kept failing: tell them they work again.
    if (before.alertedAt) await publish(ctx, tx, provider, EVENT_CAUSES.FEED_RECOVERED);
  });
}

async function recordFailure(ctx: AppContext, provider: BankProvider, message: string, now: Date): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await pulls.lockPull(tx, provider, now);
    const failingSince = before.failingSince ?? now;
    // Once per failing spell, whichever instance gets here first (the row is locked).
    const alert = before.alertedAt === null && now.getTime() - failingSince.getTime() >= FEED_ALERT_AFTER_MS;
    await pulls.updatePull(tx, provider, {
      failingSince,
      lastError: message.slice(0, 500),
      updatedAt: now,
      ...(alert ? { alertedAt: now } : {}),
    });
    if (alert) await publish(ctx, tx, provider, EVENT_CAUSES.FEED_FAILING);
  });
}

function toStatus(provider: BankProvider, row: pulls.PullRow | undefined): BankFeedStatus {
  return {
    provider,
    last_success_at: row?.lastSuccessAt?.toISOString() ?? null,
    failing_since: row?.failingSince?.toISOString() ?? null,
    last_error: row?.lastError ?? '',
  };
}

/** Where each configured provider's pulls stand, and how often they run. */
export async function listBankFeedStatuses(ctx: AppContext): Promise<BankFeedStatuses> {
  const feeds = configuredFeeds(ctx.config);
  const rows = await pulls.findPulls(ctx.db, feeds);
  return {
    interval_seconds: ctx.config.reconcile.intervalSeconds,
    feeds: feeds.map((provider) => toStatus(provider, rows.find((row) => row.provider === provider))),
  };
}

/** One provider's pulls as staff see them (the 'feed' event's alert). */
export async function getBankFeedStatus(db: Db, provider: string): Promise<BankFeedStatus | undefined> {
  if (provider !== 'sepay' && provider !== 'casso') return undefined;
  const [row] = await pulls.findPulls(db, [provider]);
  return toStatus(provider, row);
}
