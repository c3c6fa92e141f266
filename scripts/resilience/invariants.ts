/**
 * The money and lifecycle invariants, read straight from the database (PostgreSQL through `pg`, or a
 * stopped PGlite folder opened in this process), with SQL both engines accept.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type pg from 'pg';

export type Row = Record<string, unknown>;
export type Sql = (text: string, params?: unknown[]) => Promise<Row[]>;

export const pgSql =
  (client: pg.Client): Sql =>
  async (text, params) =>
    (await client.query(text, params as unknown[])).rows as Row[];

/** Opens a PGlite data folder (DATA_DIR/pglite) in this process; the API process must be stopped. */
export async function openPglite(dataDir: string): Promise<{ sql: Sql; close: () => Promise<void> }> {
  // The shop's folder holds trigram indexes (migration 0004): a query that plans on them needs the extension.
  const db = new PGlite({ dataDir, extensions: { pg_trgm } });
  await db.waitReady;
  return {
    sql: async (text, params) => (await db.query<Row>(text, params)).rows,
    close: () => db.close(),
  };
}

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** Placeholders $from..$from+n-1 for an IN list. */
const list = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/** Allowed moves (docs/product.md §4). */
const ALLOWED = new Set(['0>1', '0>3', '1>2', '1>3']);

export interface StreamRecord {
  /** Customers of the stream: their user id and the coins granted to them by the suite. */
  customers: Map<string, { granted: number }>;
  /** Orders the API acknowledged (200), by id. */
  acknowledged: Map<string, { code: string; userId: string }>;
  /** Every Idempotency-Key sent. */
  keys: Set<string>;
  /** Staff moves the API acknowledged. */
  moves: { orderId: string; from: number; to: number }[];
  /** The status the suite knows for certain (its last acknowledged or re-read move). */
  known: Map<string, number>;
}

export function newStreamRecord(): StreamRecord {
  return { customers: new Map(), acknowledged: new Map(), keys: new Set(), moves: [], known: new Map() };
}

export interface StreamVerdict {
  problems: string[];
  ordersInDb: number;
  acknowledgedPresent: number;
  movesInAudit: number;
  completed: number;
  ledgerRows: number;
}

/**
 * After the kills: every acknowledged order exists; every stored order came from a key the suite sent;
 * per customer, the ledger sums to the stored total, which is what the grants and the completed orders
 * say it must be, and available coins are not negative; per order, exactly one debit or gift row iff
 * completed; the audit's order.status rows form one allowed path ending at the stored status (no move
 * applied twice) and hold every acknowledged move.
 */
export async function verifyStream(sql: Sql, record: StreamRecord): Promise<StreamVerdict> {
  const problems: string[] = [];
  const say = (text: string) => {
    if (problems.length < 8) problems.push(text);
    else if (problems.length === 8) problems.push('…');
  };
  const users = [...record.customers.keys()];
  if (users.length === 0) throw new Error('the stream had no customers');
  const inUsers = `(${list(users.length)})`;

  const orders = await sql(
    `select id::text as id, code, user_id::text as user_id, status, pay_method, total_coin, total_gift_coin, idempotency_key
       from orders where user_id::text in ${inUsers}`,
    users,
  );
  const byId = new Map(orders.map((o) => [String(o.id), o]));

  let present = 0;
  for (const [id, ack] of record.acknowledged) {
    const row = byId.get(id);
    if (!row) say(`acknowledged order ${ack.code} is missing`);
    else if (row.code !== ack.code || row.user_id !== ack.userId) say(`order ${ack.code} changed identity`);
    else present++;
  }
  for (const row of orders) {
    if (!record.keys.has(String(row.idempotency_key))) say(`order ${String(row.code)} was not placed by the suite`);
    const known = record.known.get(String(row.id));
    if (known !== undefined && num(row.status) !== known)
      say(`order ${String(row.code)} is ${num(row.status)}, acknowledged ${known}`);
  }

  const userRows = await sql(`select id::text as id, coin_total from users where id::text in ${inUsers}`, users);
  const ledger = await sql(
    `select user_id::text as user_id, order_id::text as order_id, reason, delta, balance_after
       from coin_ledger where user_id::text in ${inUsers} order by id`,
    users,
  );
  const orderEffects = new Map<string, { delta: number; rows: number }>();
  for (const entry of ledger) {
    if (num(entry.balance_after) < 0) say(`a ledger row has a negative balance`);
    if (entry.order_id === null) continue;
    const reason = String(entry.reason);
    if (reason !== 'order_debit' && reason !== 'order_gift') {
      say(`unexpected ledger reason '${reason}' on an order`);
      continue;
    }
    const effect = orderEffects.get(String(entry.order_id)) ?? { delta: 0, rows: 0 };
    effect.delta += num(entry.delta);
    effect.rows++;
    orderEffects.set(String(entry.order_id), effect);
  }

  let completed = 0;
  for (const row of orders) {
    const effect = orderEffects.get(String(row.id)) ?? { delta: 0, rows: 0 };
    const coin = num(row.pay_method) === 0;
    if (num(row.status) === 2) {
      completed++;
      const expected = coin ? -num(row.total_coin) : num(row.total_gift_coin);
      const expectedRows = expected === 0 ? 0 : 1;
      if (effect.rows !== expectedRows || effect.delta !== expected)
        say(
          `completed order ${String(row.code)}: ${effect.rows} ledger rows, ${effect.delta} coins (expected ${expected})`,
        );
    } else if (effect.rows !== 0) {
      say(`order ${String(row.code)} in status ${num(row.status)} has ${effect.rows} ledger rows`);
    }
  }

  for (const user of userRows) {
    const id = String(user.id);
    const total = num(user.coin_total);
    const mine = ledger.filter((entry) => entry.user_id === id);
    const sum = mine.reduce((s, entry) => s + num(entry.delta), 0);
    const last = mine.length > 0 ? num(mine[mine.length - 1]!.balance_after) : 0;
    const own = orders.filter((o) => o.user_id === id);
    const expected =
      record.customers.get(id)!.granted +
      own
        .filter((o) => num(o.status) === 2)
        .reduce((s, o) => s + (num(o.pay_method) === 0 ? -num(o.total_coin) : num(o.total_gift_coin)), 0);
    const pending = own
      .filter((o) => num(o.pay_method) === 0 && [0, 1].includes(num(o.status)))
      .reduce((s, o) => s + num(o.total_coin), 0);
    if (sum !== total) say(`a customer's ledger sums to ${sum} but the stored total is ${total}`);
    if (last !== total) say(`a customer's last balance_after is ${last} but the stored total is ${total}`);
    if (total !== expected) say(`a customer holds ${total} coins, expected ${expected} (coins lost or doubled)`);
    if (total - pending < 0) say(`a customer's available coins are ${total - pending}`);
  }

  const ids = orders.map((o) => String(o.id));
  let movesInAudit = 0;
  const paths = new Map<string, { from: number; to: number }[]>();
  // In slices: an IN list of thousands of parameters is fine for PostgreSQL, but keep it modest.
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    const audit = await sql(
      `select entity_id, before, after from audit_log
        where action = 'order.status' and entity = 'order' and entity_id in (${list(slice.length)}) order by id`,
      slice,
    );
    for (const row of audit) {
      const before = (typeof row.before === 'string' ? JSON.parse(row.before) : row.before) as { status: number };
      const after = (typeof row.after === 'string' ? JSON.parse(row.after) : row.after) as { status: number };
      const steps = paths.get(String(row.entity_id)) ?? [];
      steps.push({ from: before.status, to: after.status });
      paths.set(String(row.entity_id), steps);
      movesInAudit++;
    }
  }
  for (const row of orders) {
    const steps = paths.get(String(row.id)) ?? [];
    let at = 0;
    for (const step of steps) {
      if (step.from !== at || !ALLOWED.has(`${step.from}>${step.to}`)) {
        say(
          `order ${String(row.code)} moved ${steps.map((s) => `${s.from}→${s.to}`).join(', ')} (moved twice or out of order)`,
        );
        break;
      }
      at = step.to;
    }
    if (at !== num(row.status))
      say(`order ${String(row.code)}: audit path ends at ${at}, stored status ${num(row.status)}`);
  }
  for (const move of record.moves) {
    const steps = paths.get(move.orderId) ?? [];
    if (!steps.some((s) => s.from === move.from && s.to === move.to)) {
      say(
        `acknowledged move ${move.from}→${move.to} of ${record.acknowledged.get(move.orderId)?.code ?? move.orderId} is not in the audit`,
      );
    }
  }

  return {
    problems,
    ordersInDb: orders.length,
    acknowledgedPresent: present,
    movesInAudit,
    completed,
    ledgerRows: ledger.length,
  };
}

/** What a backup must carry over: row counts of every table, and the ledger's sums and fingerprint. */
export interface Snapshot {
  counts: Map<string, number>;
  ledgerSum: number;
  storedTotal: number;
  ledgerFingerprint: string;
}

export async function snapshot(sql: Sql): Promise<Snapshot> {
  const tables = await sql(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const counts = new Map<string, number>();
  for (const t of tables) {
    const name = `"${String(t.table_schema)}"."${String(t.table_name)}"`;
    counts.set(
      `${String(t.table_schema)}.${String(t.table_name)}`,
      num((await sql(`select count(*) as n from ${name}`))[0]!.n),
    );
  }
  const ledger = (
    await sql(
      `select coalesce(sum(delta), 0) as s,
              md5(coalesce(string_agg(id::text || ':' || user_id::text || ':' || delta::text || ':' || balance_after::text || ':' || reason, ',' order by id), '')) as h
         from coin_ledger`,
    )
  )[0]!;
  const stored = (await sql(`select coalesce(sum(coin_total), 0) as s from users`))[0]!;
  return { counts, ledgerSum: num(ledger.s), storedTotal: num(stored.s), ledgerFingerprint: String(ledger.h) };
}

/** Differences between two snapshots, in words. */
export function compareSnapshots(source: Snapshot, copy: Snapshot): string[] {
  const problems: string[] = [];
  for (const [table, n] of source.counts) {
    const m = copy.counts.get(table);
    if (m !== n) problems.push(`${table}: ${n} rows, copy ${m ?? 'missing'}`);
  }
  for (const table of copy.counts.keys()) if (!source.counts.has(table)) problems.push(`${table} only in the copy`);
  if (source.ledgerSum !== copy.ledgerSum) problems.push(`ledger sum ${source.ledgerSum}, copy ${copy.ledgerSum}`);
  if (source.storedTotal !== copy.storedTotal)
    problems.push(`stored totals ${source.storedTotal}, copy ${copy.storedTotal}`);
  if (source.ledgerFingerprint !== copy.ledgerFingerprint) problems.push('ledger rows differ');
  return problems;
}

export const totalRows = (s: Snapshot) => [...s.counts.values()].reduce((a, b) => a + b, 0);
