/**
 * Work that follows a change once it is committed (staff alerts, Web Push): each event this instance announced,
 * if `accepts` it, is handed to `handle` on its own, never blocking the change or the other events. `idle()` waits
 * until none is under way (tests, shutdown); `stop()` stops listening, aborts `signal` (so retries give up) and
 * waits for what is under way to finish.
 */
import type { AppContext } from '../../context.js';
import type { LiveEvent } from './hub.js';

export interface AfterCommitListener {
  /** Aborted by stop(): retries and waits under way end. */
  signal: AbortSignal;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function listenAfterCommit(
  ctx: Pick<AppContext, 'events'>,
  accepts: (event: LiveEvent) => boolean,
  handle: (event: LiveEvent, signal: AbortSignal) => Promise<void>,
): AfterCommitListener {
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const unsubscribe = ctx.events.subscribe((event) => {
    // Another instance's change is that instance's to follow up.
    if (event.origin !== ctx.events.origin || stopping.signal.aborted || !accepts(event)) return;
    const task: Promise<void> = handle(event, stopping.signal).finally(() => inFlight.delete(task));
    inFlight.add(task);
  });
  const idle = async () => {
    // Events keep arriving while earlier work finishes: wait until none is left.
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };
  return {
    signal: stopping.signal,
    idle,
    async stop() {
      unsubscribe();
      stopping.abort();
      await idle();
    },
  };
}
