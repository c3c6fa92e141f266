/**
 * Work that must wait until a change is committed (decision 0028: live events are announced after commit, not
 * inside the transaction). `afterCommit(db, work)` runs `work` once the transaction `db` belongs to has committed,
 * and never when it rolls back; on a plain handle (a statement that commits on its own) it runs at once, since the
 * awaited statement has committed by then. Transactions are tracked by `trackTransactions`, which openDatabase
 * applies to both engines' handles.
 */
import type { Db } from './client.js';

type Work = () => void;

/** The open top-level transactions, each with the work waiting for its commit. */
const waiting = new WeakMap<object, Work[]>();

const run = (work: Work) => {
  try {
    work();
  } catch (error) {
    // The change is committed whatever its follow-up does: a follow-up reports its own failures, and one that
    // throws all the same neither fails the committed change nor stops the others.
    process.emitWarning(error instanceof Error ? error : new Error(String(error)));
  }
};

/** Drizzle's transaction handle can roll back; a plain database handle cannot. */
const isTransaction = (db: Db): boolean => typeof (db as { rollback?: unknown }).rollback === 'function';

export function afterCommit(db: Db, work: Work): void {
  const queue = waiting.get(db);
  if (queue) queue.push(work);
  else if (isTransaction(db))
    throw new Error('afterCommit needs a top-level transaction (a savepoint commits nothing)');
  else run(work);
}

/** Makes `db.transaction` record the work waiting for its commit and run it once the commit has succeeded. */
export function trackTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (work, config) => {
    let queue: Work[] = [];
    const result = await begin(async (tx) => {
      queue = [];
      waiting.set(tx, queue);
      try {
        return await work(tx);
      } finally {
        waiting.delete(tx);
      }
    }, config);
    for (const follow of queue) run(follow);
    return result;
  };
  db.transaction = transaction;
  return db;
}
