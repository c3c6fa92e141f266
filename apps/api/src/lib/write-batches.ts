/**
 * Writes that arrive at the same moment go to the database together (decision 0031). A write waits in a queue only
 * while an earlier one is under way; the moment it ends, everything waiting goes next, up to `maxBatch` items, as
 * one call of `many`: one round trip and one commit for the lot. A shop writing one thing at a time writes it at
 * once, alone, through `one`; a busy one writes many per commit. One write at a time is also the fastest: two
 * batches under way at once wait on the same rows (the day's figures). A write still under way after `stallMs`
 * (a row locked by a long transaction) no longer holds the others back: the next starts beside it.
 *
 * `many` answers each item as `one` would have alone, in the items' order. Should it fail (a deadlock with another
 * instance's batch, a constraint one item breaks), nothing of it was written, and each item is written again on its
 * own, so only the item at fault fails.
 */
export interface WriteBatchOptions {
  /** A write under way longer than this lets the next one start beside it, ms. */
  stallMs: number;
  /** Items in one write at most. */
  maxBatch: number;
  /** Told when a batch failed and its items are being written one by one. */
  onSplit?: (error: unknown, items: number) => void;
}

/** The shop's settings for every kind of write batched this way (decision 0031 measured them on placement). */
export const WRITE_BATCHES: WriteBatchOptions = { stallMs: 200, maxBatch: 32 };

export interface WriteBatchCalls<In, Out> {
  /** Writes one item alone. */
  one: (item: In) => Promise<Out>;
  /** Writes several in one transaction, answering each in the items' order. */
  many: (items: In[]) => Promise<Out[]>;
}

interface Waiting<In, Out> {
  item: In;
  resolve: (outcome: Out) => void;
  reject: (error: unknown) => void;
}

/** A function that writes one item together with whatever else is waiting, and answers as `one` would. */
export function createWriteBatches<In, Out>(
  calls: WriteBatchCalls<In, Out>,
  options: WriteBatchOptions,
): (item: In) => Promise<Out> {
  const queue: Waiting<In, Out>[] = [];
  /** Writes under way that have not stalled: the next starts when there is none. */
  let running = 0;

  const alone = (waiting: Waiting<In, Out>) => calls.one(waiting.item).then(waiting.resolve, waiting.reject);

  async function write(batch: Waiting<In, Out>[]): Promise<void> {
    if (batch.length === 1) return alone(batch[0]!);
    let outcomes: Out[];
    try {
      outcomes = await calls.many(batch.map((waiting) => waiting.item));
    } catch (error) {
      options.onSplit?.(error, batch.length);
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
  }

  function pump(): void {
    while (running === 0 && queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      running++;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        running--;
        pump();
      };
      const stalled = setTimeout(release, options.stallMs);
      void write(batch).finally(() => {
        clearTimeout(stalled);
        release();
      });
    }
  }

  return (item) =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      pump();
    });
}
