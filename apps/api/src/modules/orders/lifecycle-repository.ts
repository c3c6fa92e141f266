/** Order rows as the lifecycle locks and changes them. Writes happen only under the order's row lock. */
import { and, asc, eq, getTableColumns, inArray, isNull, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { callJsonFunction, callJsonFunctionForEach } from '../../db/json-function.js';
import { atRisk, overdue, promised } from './conditions.js';
import { bankTransfers, orderLines, orders } from '../../db/schema.js';
import { customerOrderColumns } from './columns.js';
import type { OrderRow, PlacedLine } from './repository.js';

export type LockedOrder = typeof orders.$inferSelect;
export type OrderChanges = Partial<typeof orders.$inferInsert>;

/** Locks the order row until the transaction ends: concurrent admins, jobs and webhooks queue behind it. */
export async function lockOrder(tx: Db, orderId: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The same, found by its code (the bank-transfer memo). */
export async function lockOrderByCode(tx: Db, code: string): Promise<LockedOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.code, code)).for('update');
  return row;
}

/**
 * Locks the order only if it is still overdue (`overdue`) and nobody else holds it: another
 * instance's sweep (or an admin) working on it makes this return undefined instead of waiting.
 */
export async function lockOverdueOrder(tx: Db, orderId: string, now: Date): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), overdue(now)))
    .for('update', { skipLocked: true });
  return row;
}

/** Orders the sweep settles at `now` (`overdue`), earliest due first. */
export async function findOverdueOrderIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(overdue(now))
    .orderBy(asc(orders.dueAt), asc(orders.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Marks promised orders that have just come within the at-risk window as alerted, once each, and
 * returns them; one statement, so two instances never both claim an order.
 */
export async function claimAtRiskOrders(tx: Db, now: Date, limit: number): Promise<{ id: string; userId: string }[]> {
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(atRisk(now), promised(), isNull(orders.atRiskAlertedAt)))
    .orderBy(asc(orders.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(orders)
    .set({ atRiskAlertedAt: now })
    .where(and(isNull(orders.atRiskAlertedAt), inArray(orders.id, candidates)))
    .returning({ id: orders.id, userId: orders.userId });
}

export async function updateOrder(tx: Db, orderId: string, changes: OrderChanges): Promise<void> {
  await tx.update(orders).set(changes).where(eq(orders.id, orderId));
}

/** A bank notification as stored on arrival (modules/payments' bank_transfers row, before it is decided). */
export type ArrivedTransfer = Required<
  Pick<
    typeof bankTransfers.$inferInsert,
    | 'provider'
    | 'providerTxId'
    | 'rawBody'
    | 'direction'
    | 'accountNumber'
    | 'amountVnd'
    | 'content'
    | 'providerCode'
    | 'reference'
    | 'transactionAt'
    | 'receivedAt'
    | 'source'
    | 'updatedAt'
  >
>;

export type PayingTransferOutcome =
  | {
      outcome: 'matched';
      transfer_id: string;
      order_code: string;
      order_id: string;
      user_id: string;
      /** The order's and the transfer's event rows, for the caller to announce (migration 0014). */
      order_event_id: number;
      transfer_event_id: number;
      /** The order as it was before the payment, and its lines. */
      order: OrderRow;
      lines: PlacedLine[];
    }
  | { outcome: 'handled'; transfer_id: string }
  | { outcome: 'other' };

export type PayingTransferInput = { transfer: ArrivedTransfer; codes: string[]; paidAt: Date; dueAt: Date; now: Date; reason: string; origin: string };

/**
 * Migration 0011's receive_paying_transfer: when the transfer plainly pays the unpaid bank order its memo names, stores
 * it matched and moves the order 0 → 1 with its audit row and events, in one round trip; else writes nothing.
 */
export async function receivePayingTransfer(db: Db, input: PayingTransferInput): Promise<PayingTransferOutcome> {
  return readPayingOutcome(await callJsonFunction<PayingTransferOutcome>(db, 'receive_paying_transfer', payingTransferArgument(input)));
}

/**
 * Several transfers in one round trip and one transaction (receive_paying_transfers, migration 0020, decision 0031):
 * each answer is the one receive_paying_transfer would have given alone, in the order of `inputs`. Any error rolls
 * back every one of them; the caller then writes them one by one (paying-batches.ts).
 */
export async function receivePayingTransfers(db: Db, inputs: PayingTransferInput[]): Promise<PayingTransferOutcome[]> {
  const answers = await callJsonFunctionForEach<PayingTransferOutcome>(db, 'receive_paying_transfers', inputs.map(payingTransferArgument));
  return answers.map(readPayingOutcome);
}

/** receive_paying_transfer's one argument: the transfer as JSON (its column names), the codes its memo holds, the times. */
function payingTransferArgument(input: PayingTransferInput) {
  const { transfer } = input;
  return {
    transfer: {
      provider: transfer.provider,
      provider_tx_id: transfer.providerTxId,
      raw_body: transfer.rawBody,
      direction: transfer.direction,
      account_number: transfer.accountNumber,
      amount_vnd: transfer.amountVnd,
      content: transfer.content,
      provider_code: transfer.providerCode,
      reference: transfer.reference,
      transaction_at: transfer.transactionAt.toISOString(),
      received_at: transfer.receivedAt.toISOString(),
      source: transfer.source,
      updated_at: transfer.updatedAt.toISOString(),
    },
    codes: input.codes,
    paid_at: input.paidAt.toISOString(),
    due_at: input.dueAt.toISOString(),
    now: input.now.toISOString(),
    reason: input.reason,
    origin: input.origin,
  };
}

function readPayingOutcome(outcome: PayingTransferOutcome): PayingTransferOutcome {
  if (outcome.outcome !== 'matched') return outcome;
  const order = fromRowJson<OrderRow>(customerOrderColumns, outcome.order as unknown as Record<string, unknown>);
  const lines = (outcome.lines as unknown as Record<string, unknown>[]).map((line) => fromRowJson<PlacedLine>(lineColumns, line));
  return { ...outcome, order, lines };
}

const { id: _id, orderId: _orderId, ...lineColumns } = getTableColumns(orderLines);

/** A row as to_jsonb writes it (each column under its database name), read as Drizzle reads the row from the driver. */
function fromRowJson<T>(columns: Record<string, Column>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}
