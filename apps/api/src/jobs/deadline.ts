/**
 * The 16:00 promise (docs/architecture.md "Money paths"; docs/decisions/0005, 0008): every minute, overdue
 * orders are settled. Unpaid bank orders older than UNPAID_ORDER_EXPIRY_HOURS expire
 * ('unpaid_expired', nothing owed); paid bank orders (due 16:00 after their payment was confirmed) and
 * coin orders (due 16:00 after placement) still open past due_at are rejected as 'late', refunded in
 * full (refund due / reservation released) and compensated with coins (lateCompensationCoins).
 *
 * Safe with several API instances: each order is settled in its own transaction that locks it with
 * FOR UPDATE SKIP LOCKED and re-checks the same overdue condition (one definition, modules/orders/conditions.ts),
 * so an order is settled once whoever gets there first, and a second run finds nothing.
 *
 * The same tick announces orders that have just come within an hour of their promise (once each, so
 * staff are alerted once), handles bank notifications that were stored but never handled (their
 * delivery failed and the provider stopped retrying), and forgets live events past their retention.
 *
 * Each tick takes its clock from the database (db/clock.ts), not the process: instances with skewed
 * clocks agree on what is overdue, and none settles an order early because its own clock runs ahead.
 */
import type { AppContext } from '../context.js';
import { databaseNow } from '../db/clock.js';
import { announceAtRiskOrders, findOverdueOrderIds, settleOverdueOrder } from '../modules/orders/service.js';
import { handleStuckTransfers } from '../modules/payments/service.js';

const BATCH = 100;
export const DEADLINE_SWEEP_INTERVAL_MS = 60_000;

export interface SweepResult {
  late: number;
  unpaidExpired: number;
}

/** Settles every order overdue at `now` (tests pin it). */
export async function runDeadlineSweep(ctx: AppContext, now: Date = new Date()): Promise<SweepResult> {
  const result: SweepResult = { late: 0, unpaidExpired: 0 };
  // Orders another instance holds stay overdue and would come back in every batch: try each once per sweep.
  const tried = new Set<string>();
  for (;;) {
    const ids = (await findOverdueOrderIds(ctx, now, BATCH)).filter((id) => !tried.has(id));
    if (ids.length === 0) return result;
    for (const id of ids) {
      tried.add(id);
      const outcome = await settleOverdueOrder(ctx, id, now);
      if (outcome === 'late') result.late += 1;
      else if (outcome === 'unpaid_expired') result.unpaidExpired += 1;
    }
  }
}

export interface DeadlineJob {
  /** Stops the timer and waits for a sweep in progress to finish. */
  stop(): Promise<void>;
}

/** Runs the sweep every minute at the database's time; the timer never keeps the process alive on its own. */
export function startDeadlineJob(ctx: AppContext, intervalMs: number = DEADLINE_SWEEP_INTERVAL_MS): DeadlineJob {
  let running: Promise<void> | null = null;
  const tick = () => {
    // One sweep at a time per process; a slow one simply delays the next.
    if (running) return;
    running = databaseNow(ctx.db)
      .then(async (now) => {
        const result = await runDeadlineSweep(ctx, now);
        if (result.late + result.unpaidExpired > 0) ctx.log.info(result, 'deadline sweep settled overdue orders');
        const atRisk = await announceAtRiskOrders(ctx, now);
        if (atRisk > 0) ctx.log.info({ atRisk }, 'orders at risk of the promise announced');
        await handleStuckTransfers(ctx, now);
        await ctx.events.prune(now);
      })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'deadline sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
