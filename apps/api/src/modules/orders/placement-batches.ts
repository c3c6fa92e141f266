/**
 * Orders placed at the same moment are written together (decision 0031, lib/write-batches.ts): alone through
 * place_order when nothing else is under way, otherwise with the others that came meanwhile, up to `maxBatch`, as
 * one call to place_orders (migrations 0019 and 0021; decision 0046: a few statements for the whole batch). Each
 * order gets the answer place_order would have given it alone; a batch that fails is placed again order by order,
 * so only the order at fault fails.
 */
import type { Db } from '../../db/client.js';
import { createWriteBatches, type WriteBatchOptions } from '../../lib/write-batches.js';
import * as repo from './repository.js';

export interface PlacementBatches {
  /** Writes one order with whatever else is waiting; answers as repo.placeOrder would. */
  place(write: repo.PlaceOrderWrite): Promise<repo.PlaceOrderOutcome>;
}

export function createPlacementBatches(db: Db, options: WriteBatchOptions): PlacementBatches {
  const place = createWriteBatches(
    {
      one: (write: repo.PlaceOrderWrite) => repo.placeOrder(db, write),
      many: (writes) => repo.placeOrders(db, writes),
    },
    options,
  );
  return { place };
}
