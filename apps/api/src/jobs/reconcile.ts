/**
 * Pulls what the bank feed missed (modules/payments/reconcile.ts): at start-up, so a shop that was down
 * catches up at once, then every RECONCILE_SECONDS, each configured provider's transaction list is read
 * and its rows go through the webhook's own path. Safe with several instances: a round another instance
 * is making is skipped here. A round that fails is simply tried again at the next one; the payments
 * module alerts staff when a provider's pulls have failed for an hour.
 */
import type { AppContext } from '../context.js';
import { pullBankFeeds } from '../modules/payments/service.js';

export interface ReconcileJob {
  /** Stops the timer, cuts a pull under way short and waits for it to end. */
  stop(): Promise<void>;
}

export function startReconcileJob(ctx: AppContext, intervalMs: number): ReconcileJob {
  const stopping = new AbortController();
  let running: Promise<void> | null = null;
  const tick = () => {
    // One round at a time per process; a slow one simply delays the next.
    if (running || stopping.signal.aborted) return;
    running = pullBankFeeds(ctx, { wait: false, signal: stopping.signal })
      .then((result) => {
        if (result === null) ctx.log.debug('another instance is pulling the bank feeds; this round is skipped');
      })
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) ctx.log.error({ err: error }, 'bank feed pull failed');
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}
