/**
 * Lucky coins, used by other modules (orders, admin, jobs). A balance is the append-only coin_ledger
 * plus the cached users.coin_total, always changed together in the caller's transaction (docs/architecture.md "Processes").
 * Coins of open coin orders are reserved, not debited: available = coin_total − pendingCoins.
 */
import { API_MESSAGES, ERROR_CODES } from '@lucky/shared';
import { afterCommit } from '../../db/after-commit.js';
import type { Db, Tx } from '../../db/client.js';
import { AppError, notFound, unauthenticated } from '../../lib/app-error.js';
import * as repo from './repository.js';

/** Why a balance changed; stored on the ledger row. */
export const COIN_REASONS = {
  /** A coin order reached "completed": its reserved coins are spent. */
  ORDER_DEBIT: 'order_debit',
  /** A bank order reached "completed": its gift coins are credited. */
  ORDER_GIFT: 'order_gift',
  /** An order missed the daily deadline: compensation coins. */
  LATE_COMPENSATION: 'late_compensation',
  /** An admin adjusted the balance by hand (note says why). */
  ADMIN_ADJUSTMENT: 'admin_adjustment',
} as const;
export type CoinReason = (typeof COIN_REASONS)[keyof typeof COIN_REASONS];

export interface CoinChange {
  userId: string;
  /** Positive credits, negative debits; a whole number of coins. */
  delta: number;
  reason: CoinReason;
  orderId?: string | null;
  /** Who caused it; null or absent when the system did (a job). */
  actorId?: string | null;
  note?: string;
  /** When the change happened, if not now: the deadline job's database clock. */
  at?: Date;
  /** A staff adjustment's Idempotency-Key (unique per admin). */
  idempotencyKey?: string | null;
}

export const notEnoughCoins = () => new AppError(ERROR_CODES.NOT_ENOUGH_COINS, API_MESSAGES.notEnoughCoins, 409);

/** Told of each customer whose coins changed, once the change has committed (decision 0047). */
type CoinWatcher = (userId: string) => void;
const coinWatchers = new Set<CoinWatcher>();

/**
 * Watches every coin change of this process, as it commits: a kept coin total (the embedded database's, app.ts)
 * is forgotten then. Every change to a customer's coins goes through applyCoinChange. Returns the unwatching.
 */
export function watchCoinChanges(watcher: CoinWatcher): () => void {
  coinWatchers.add(watcher);
  return () => coinWatchers.delete(watcher);
}

/**
 * Applies one coin change inside the caller's transaction: locks the user row, writes the ledger row
 * with the resulting balance and updates the cached total. Refuses to go below zero (409), leaving
 * nothing written. A delta of 0 changes nothing and writes no ledger row. Once committed, the watchers are told.
 */
export async function applyCoinChange(tx: Tx, change: CoinChange): Promise<{ coinTotal: number }> {
  if (!Number.isSafeInteger(change.delta)) throw new Error(`coin delta must be an integer, got ${change.delta}`);
  const current = await repo.lockCoinTotal(tx, change.userId);
  if (current === null) throw notFound();
  if (change.delta === 0) return { coinTotal: current };
  const coinTotal = current + change.delta;
  if (coinTotal < 0) throw notEnoughCoins();
  await repo.insertLedgerRow(tx, {
    userId: change.userId,
    delta: change.delta,
    balanceAfter: coinTotal,
    reason: change.reason,
    orderId: change.orderId ?? null,
    actorId: change.actorId ?? null,
    note: change.note ?? '',
    idempotencyKey: change.idempotencyKey ?? null,
    ...(change.at ? { createdAt: change.at } : {}),
  });
  await repo.setCoinTotal(tx, change.userId, coinTotal);
  afterCommit(tx, () => {
    for (const watcher of coinWatchers) watcher(change.userId);
  });
  return { coinTotal };
}

/**
 * Locks the user's coin balance for the rest of the transaction and returns it. Callers that decide
 * on available coins (placing a coin order) take this lock first, so concurrent decisions queue
 * instead of overspending.
 */
export async function lockCoinTotal(tx: Tx, userId: string): Promise<number> {
  const coinTotal = await repo.lockCoinTotal(tx, userId);
  if (coinTotal === null) throw unauthenticated(API_MESSAGES.sessionExpired);
  return coinTotal;
}

/**
 * The coin change a staff member made with this Idempotency-Key (unique per staff member), if any: read
 * under the customer's row lock, it includes every change committed before.
 */
export async function changeByIdempotencyKey(
  tx: Tx,
  actorId: string,
  key: string,
): Promise<{ userId: string; delta: number; note: string } | undefined> {
  const row = await repo.findByIdempotencyKey(tx, actorId, key);
  return row ? { userId: row.userId, delta: row.delta, note: row.note } : undefined;
}

/** The unique index that keeps one coin change per staff member and Idempotency-Key. */
export const COIN_IDEMPOTENCY_INDEX = 'coin_ledger_actor_idempotency_key';

/**
 * Late compensation credited to the user in [start, end) (their ledger's 'late_compensation' rows). Read
 * under the user's row lock (`lockCoinTotal`), the sum includes every compensation committed before it.
 */
export function lateCompensationBetween(tx: Tx, userId: string, start: Date, end: Date): Promise<number> {
  return repo.sumDeltasBetween(tx, userId, COIN_REASONS.LATE_COMPENSATION, start, end);
}

/** Coins reserved by the user's open coin orders (status 0 or 1): docs/product.md §4's pending-coin count. */
export function pendingCoins(db: Db, userId: string): Promise<number> {
  return repo.sumPendingCoins(db, userId);
}

/** The cached coin total (GET /bank/api/v1/bank). */
export async function coinTotal(db: Db, userId: string): Promise<number> {
  const total = await repo.findCoinTotal(db, userId);
  // A valid token for a user that no longer exists: treat it as a lost session.
  if (total === null) throw unauthenticated(API_MESSAGES.sessionExpired);
  return total;
}

/** One shop day's coins (the day report): granted (gifts of completed bank orders), spent, compensated, adjusted. */
export async function coinDayFigures(db: Db, start: Date, end: Date) {
  const rows = await repo.ledgerDayByReason(db, start, end);
  const of = (reason: CoinReason) => rows.find((row) => row.reason === reason) ?? { creditedCoins: 0, debitedCoins: 0 };
  const adjusted = of(COIN_REASONS.ADMIN_ADJUSTMENT);
  return {
    granted: of(COIN_REASONS.ORDER_GIFT).creditedCoins,
    spent: of(COIN_REASONS.ORDER_DEBIT).debitedCoins,
    compensated: of(COIN_REASONS.LATE_COMPENSATION).creditedCoins,
    adjusted: adjusted.creditedCoins - adjusted.debitedCoins,
  };
}

/** Ledger rows in [start, end), oldest first, a page at a time (CSV export). */
export async function* ledgerBetween(db: Db, start: Date, end: Date, pageSize = 1000): AsyncGenerator<repo.ExportedLedgerRow> {
  let afterId: number | null = null;
  for (;;) {
    const page = await repo.pageLedgerBetween(db, start, end, afterId, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}
