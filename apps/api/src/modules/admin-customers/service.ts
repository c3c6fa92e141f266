/**
 * Customers and their coins for admins. A hand adjustment goes through the ledger like every other
 * coin change (coins/service applyCoinChange) and may never take the customer's available coins
 * (total − coins held by open coin orders) below zero.
 */
import { API_MESSAGES, ERROR_CODES, LIST_COUNT_CAP, type adminAdjustBody, type adminLedger, type adminUserList } from '@lucky/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { writeAudit } from '../../db/audit.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import {
  COIN_IDEMPOTENCY_INDEX,
  COIN_REASONS,
  applyCoinChange,
  changeByIdempotencyKey,
  lockCoinTotal,
  pendingCoins,
} from '../coins/service.js';
import * as repo from './repository.js';

type AdjustInput = z.output<typeof adminAdjustBody>;

export async function listUsers(db: Db, query: { q?: string | undefined; page: number; limit: number }): Promise<z.infer<typeof adminUserList>> {
  const q = query.q?.trim() || null;
  const [rows, total] = await Promise.all([
    repo.listUsers(db, q, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countUsers(db, q, LIST_COUNT_CAP),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      picture: row.picture,
      coin_total: row.coinTotal,
      pending_coins: row.pendingCoins,
      available_coins: row.coinTotal - row.pendingCoins,
      order_count: row.orderCount,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}

export async function ledger(db: Db, userId: string, query: { page: number; limit: number }): Promise<z.infer<typeof adminLedger>> {
  if (!(await repo.userExists(db, userId))) throw notFound(API_MESSAGES.userNotFound);
  const [rows, total] = await Promise.all([
    repo.listLedger(db, userId, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countLedger(db, userId, LIST_COUNT_CAP),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      balance_after: row.balanceAfter,
      reason: row.reason,
      order_id: row.orderId,
      order_code: row.orderCode,
      actor_id: row.actorId,
      actor_email: row.actorEmail,
      note: row.note,
      created_at: row.createdAt.toISOString(),
    })),
    total,
  };
}

/**
 * POST /bank/api/v1/admin/adjust. The user's row is locked before pending coins are summed, so two
 * deductions at once queue and the second sees what the first left: available never goes below zero.
 * With an Idempotency-Key (the console sends one per adjustment it means), the key is looked for under
 * that lock: a double submit, or a retry after a lost answer, finds the change the first one made and
 * answers the balances as they are, crediting nothing twice; the same key with another adjustment is 409.
 */
export async function adjustCoins(
  db: Db,
  actorId: string,
  input: AdjustInput,
  idempotencyKey: string | null = null,
): Promise<{ total: number; available: number }> {
  if (!(await repo.userExists(db, input.user_id))) throw notFound(API_MESSAGES.userNotFound);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockCoinTotal(tx, input.user_id);
      const pending = await pendingCoins(tx, input.user_id);
      if (idempotencyKey) {
        const earlier = await changeByIdempotencyKey(tx, actorId, idempotencyKey);
        if (earlier) {
          const same = earlier.userId === input.user_id && earlier.delta === input.delta && earlier.note === input.reason;
          if (!same) throw conflict(API_MESSAGES.adjustIdempotencyConflict);
          return { total: before, available: before - pending };
        }
      }
      return await applyAdjustment(tx, actorId, input, idempotencyKey, before, pending);
    });
  } catch (error) {
    // The key already names this staff member's change to another customer (whose lock this one never took).
    if (idempotencyKey && isUniqueViolation(error, COIN_IDEMPOTENCY_INDEX)) throw conflict(API_MESSAGES.adjustIdempotencyConflict);
    throw error;
  }
}

/** The adjustment itself, in the transaction that holds the customer's row lock. */
async function applyAdjustment(
  tx: Tx,
  actorId: string,
  input: AdjustInput,
  idempotencyKey: string | null,
  before: number,
  pending: number,
): Promise<{ total: number; available: number }> {
  if (before + input.delta - pending < 0 && input.delta < 0) {
    throw new AppError(ERROR_CODES.NOT_ENOUGH_COINS, API_MESSAGES.adjustBelowAvailable, 409);
  }
  const { coinTotal } = await applyCoinChange(tx, {
    userId: input.user_id,
    delta: input.delta,
    reason: COIN_REASONS.ADMIN_ADJUSTMENT,
    actorId,
    note: input.reason,
    idempotencyKey,
  });
  await writeAudit(tx, {
    actorId,
    action: 'coins.adjust',
    entity: 'user',
    entityId: input.user_id,
    before: { coin_total: before },
    after: { coin_total: coinTotal, delta: input.delta },
    reason: input.reason,
  });
  return { total: coinTotal, available: coinTotal - pending };
}
