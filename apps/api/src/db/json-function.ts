/**
 * The hand-written plpgsql functions that take one jsonb argument and answer jsonb (migrations 0006 `place_order`,
 * 0011 `receive_paying_transfer`): a write of several rows in one round trip, the same on PostgreSQL and PGlite.
 * Their batch forms (0019 `place_orders`, 0020 `receive_paying_transfers`) take an array of such arguments and answer
 * an object keyed by each argument's position from 1.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/** Calls `name(payload::jsonb)` and returns its answer; throws when it answers nothing. */
export async function callJsonFunction<T>(db: Db, name: string, payload: unknown): Promise<T> {
  // Both drivers answer a raw statement with `rows`, and parse jsonb.
  const result = (await db.execute(sql`select ${sql.identifier(name)}(${JSON.stringify(payload)}::jsonb) as answer`)) as unknown as {
    rows: { answer: T | null }[];
  };
  const answer = result.rows[0]?.answer;
  if (answer === undefined || answer === null) throw new Error(`${name} answered nothing`);
  return answer;
}

/**
 * Calls a batch function (`name(payloads::jsonb)`, one transaction for all) and returns its answers in the order of
 * `payloads`; throws when one is missing.
 */
export async function callJsonFunctionForEach<T>(db: Db, name: string, payloads: unknown[]): Promise<T[]> {
  const answers = await callJsonFunction<Record<string, T>>(db, name, payloads);
  return payloads.map((_, index) => {
    const answer = answers[String(index + 1)];
    if (answer === undefined || answer === null) throw new Error(`${name} answered nothing for argument ${index + 1} of ${payloads.length}`);
    return answer;
  });
}
