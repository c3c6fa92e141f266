/**
 * Bank notifications that plainly pay the orders their memos name, arriving at the same moment, are written together
 * (decision 0031, lib/write-batches.ts): alone through receive_paying_transfer when nothing else is under way,
 * otherwise with the others that came meanwhile, up to `maxBatch`, as one call to receive_paying_transfers (migration
 * 0020). Each gets the answer receive_paying_transfer would have given it alone; a batch that fails is written again
 * transfer by transfer, so only the one at fault fails.
 */
import type { Db } from '../../db/client.js';
import { createWriteBatches, type WriteBatchOptions } from '../../lib/write-batches.js';
import * as repo from './lifecycle-repository.js';

export interface PayingBatches {
  /** Writes one paying transfer with whatever else is waiting; answers as repo.receivePayingTransfer would. */
  receive(input: repo.PayingTransferInput): Promise<repo.PayingTransferOutcome>;
}

export function createPayingBatches(db: Db, options: WriteBatchOptions): PayingBatches {
  const receive = createWriteBatches(
    {
      one: (input: repo.PayingTransferInput) => repo.receivePayingTransfer(db, input),
      many: (inputs) => repo.receivePayingTransfers(db, inputs),
    },
    options,
  );
  return { receive };
}
