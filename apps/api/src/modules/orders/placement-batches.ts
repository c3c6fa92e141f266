/**
 * Orders placed at the same moment are written together (decision 0031). A placement waits in a queue only while
 * an earlier write is under way; the moment it ends, everything waiting goes in the next, up to `maxBatch`
 * orders, as one call to place_orders (migration 0019): one round trip and one commit for the lot. A shop placing
 * one order at a time writes each at once, as before; a busy one writes many per commit, and PostgreSQL's cost
 * per order falls by more than half. One write at a time is also the fastest: two batches under way at once wait
 * on the same rows of the day's figures. A write still under way after `stallMs` (a customer's row locked by a long
 * transaction) no longer holds the others back: the next starts beside it.
 *
 * Each order gets the answer place_order would have given it alone. Should the batch fail (a deadlock with
 * another batch holding the same customer, a constraint an order breaks), nothing of it was written, and each of
 * its orders is placed on its own, so only the order at fault fails.
 */
import type { Db } from '../../db/client.js';
import * as repo from './repository.js';

export interface PlacementBatches {
  /** Writes one order with whatever else is waiting; answers as repo.placeOrder would. */
  place(write: repo.PlaceOrderWrite): Promise<repo.PlaceOrderOutcome>;
}

export interface PlacementBatchOptions {
  /** A write under way longer than this lets the next one start beside it, ms. */
  stallMs: number;
  /** Orders in one write at most. */
  maxBatch: number;
  /** Told when a batch failed and its orders are being placed one by one. */
  onSplit?: (error: unknown, orders: number) => void;
}

export const PLACEMENT_BATCHES: PlacementBatchOptions = { stallMs: 200, maxBatch: 32 };

interface Waiting {
  write: repo.PlaceOrderWrite;
  resolve: (outcome: repo.PlaceOrderOutcome) => void;
  reject: (error: unknown) => void;
}

export function createPlacementBatches(db: Db, options: PlacementBatchOptions): PlacementBatches {
  const queue: Waiting[] = [];
  /** Writes under way that have not stalled: the next starts when there is none. */
  let running = 0;

  const alone = (waiting: Waiting) => repo.placeOrder(db, waiting.write).then(waiting.resolve, waiting.reject);

  async function write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return alone(batch[0]!);
    let outcomes: repo.PlaceOrderOutcome[];
    try {
      outcomes = await repo.placeOrders(
        db,
        batch.map((waiting) => waiting.write),
      );
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

  return {
    place(write) {
      return new Promise((resolve, reject) => {
        queue.push({ write, resolve, reject });
        pump();
      });
    },
  };
}
