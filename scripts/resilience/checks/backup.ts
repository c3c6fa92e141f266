/**
 * Backup: `pg_dump` of the shared database → `pg_restore` into a fresh database. The dump is taken from
 * an exported snapshot, and the source's row counts and ledger sums are read in that same snapshot, so
 * the comparison is exact even while the instances are running. Then an instance starts on the restored
 * database and shows a customer the same coins.
 */
import path from 'node:path';
import { call, describe, expectOk, signIn } from '../api.js';
import { type Suite, figure, fmt } from '../context.js';
import { Instance, connect, createDatabase, disconnect, run } from '../harness.js';
import { compareSnapshots, num, pgSql, snapshot, totalRows } from '../invariants.js';
import type { Figure } from '../types.js';
import type { Pair } from './money.js';

const lastLine = (output: string) => output.trim().split('\n').pop()?.slice(0, 200) ?? '';

export async function checkPgBackup(suite: Suite, pair: Pair): Promise<Figure> {
  const { resources, logs } = suite;
  const file = path.join(resources.tempFolder('dump'), 'shop.dump');
  const source = await connect(resources, pair.database.url);
  let before;
  let customer;
  try {
    await source.query('begin transaction isolation level repeatable read');
    const id = String((await source.query('select pg_export_snapshot() as id')).rows[0].id);
    before = await snapshot(pgSql(source));
    customer = (
      await source.query(`select email, coin_total from users where coin_total > 0 order by coin_total desc limit 1`)
    ).rows[0] as { email: string; coin_total: string } | undefined;
    const dump = await run(
      resources,
      logs,
      'pg_dump',
      ['--snapshot', id, '--format=custom', '--file', file, '--dbname', pair.database.url],
      180_000,
    );
    if (dump.code !== 0) throw new Error(`pg_dump exited ${dump.code}: ${lastLine(dump.output)}`);
    await source.query('commit');
  } finally {
    await disconnect(resources, source);
  }

  const fresh = await createDatabase(resources, suite.settings.databasePassword);
  const restore = await run(
    resources,
    logs,
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', fresh.url, file],
    180_000,
  );
  if (restore.code !== 0) throw new Error(`pg_restore exited ${restore.code}: ${lastLine(restore.output)}`);
  const copy = await connect(resources, fresh.url);
  let after;
  try {
    after = await snapshot(pgSql(copy));
  } finally {
    await disconnect(resources, copy);
  }
  const problems = compareSnapshots(before, after);

  const restored = await Instance.create(resources, logs, 'pg-restored', suite.env({ DATABASE_URL: fresh.url }));
  await restored.start();
  let shown = 'no customer with coins';
  if (customer) {
    const session = await signIn(suite.shop, restored.url, customer.email);
    const reply = await call<{ total: number }>(restored.url, 'GET', '/bank/api/v1/bank', {
      apiKey: suite.shop.apiKey,
      token: session.token,
    });
    const total = expectOk(`coins on the restored database (${describe(reply)})`, reply).total;
    if (total !== num(customer.coin_total))
      problems.push(`a customer's coins read ${total}, ${num(customer.coin_total)} in the source`);
    shown = `a customer's ${fmt(total)} coins`;
  }
  await restored.stop();

  return figure(
    'backup (pg_dump → restore into a fresh database)',
    `${after.counts.size} tables, ${fmt(totalRows(after))} rows ${problems.length === 0 ? 'equal' : 'differ'}`,
    problems.length === 0,
    [
      `ledger sum ${fmt(before.ledgerSum)} = ${fmt(after.ledgerSum)}, stored totals ${fmt(before.storedTotal)} = ${fmt(after.storedTotal)}` +
        (before.ledgerFingerprint === after.ledgerFingerprint ? ', ledger rows identical' : ''),
      `an instance starts on the restored database and shows ${shown}`,
      ...problems.slice(0, 3),
    ].join(' — '),
  );
}
