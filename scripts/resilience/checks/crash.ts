/**
 * Crash: `kill -9` of an instance at random moments during a stream of orders and staff moves,
 * restarted each time (10 rounds): every acknowledged order exists, no coin is lost or doubled, no order
 * is moved twice — on two instances sharing PostgreSQL, and on one PGlite process. The PGlite folder is
 * then copied while stopped, and the copy must hold the same rows (the PGlite half of the backup check).
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Session, call, catalogue, expectOk, signIn } from '../api.js';
import { type Suite, figure, fmt } from '../context.js';
import { Instance, connect, disconnect } from '../harness.js';
import {
  type StreamVerdict,
  compareSnapshots,
  num,
  openPglite,
  pgSql,
  snapshot,
  totalRows,
  verifyStream,
} from '../invariants.js';
import { type StreamResult, runStream } from '../stream.js';
import type { Figure } from '../types.js';
import type { Pair } from './money.js';

export const ROUNDS = 10;

function streamFigure(label: string, suite: Suite, result: StreamResult, verdict: StreamVerdict): Figure {
  const acknowledged = result.record.acknowledged.size;
  const problems = [...result.problems, ...verdict.problems];
  const ok =
    problems.length === 0 &&
    result.kills === ROUNDS &&
    verdict.acknowledgedPresent === acknowledged &&
    acknowledged > 0;
  const detail = [
    `${result.kills} kill -9 rounds`,
    `${fmt(verdict.movesInAudit)} moves, none applied twice (${fmt(result.record.moves.length)} acknowledged, ${result.movesSeenAfterLoss} applied with the answer lost, ${fmt(result.doubleMoves)} sent by two admins at once)`,
    `coins: ledger = stored total = grants ± ${fmt(verdict.completed)} completed orders for ${result.record.customers.size} customers, none lost or doubled`,
    `${fmt(result.retries)} requests retried`,
    `seed ${suite.seed}`,
    ...problems.slice(0, 4),
  ].join(' — ');
  return figure(
    label,
    `${fmt(verdict.acknowledgedPresent)} of ${fmt(acknowledged)} acknowledged orders present`,
    ok,
    detail,
  );
}

export async function checkCrashPostgres(suite: Suite, pair: Pair): Promise<Figure> {
  const result = await runStream(suite, {
    instances: pair.instances,
    rounds: ROUNDS,
    workers: 4,
    customers: 3,
    admin: pair.admin,
    items: pair.items,
    timeoutMs: 200_000,
  });
  const client = await connect(suite.resources, pair.database.url);
  try {
    return streamFigure(
      'crash (PostgreSQL, 2 instances)',
      suite,
      result,
      await verifyStream(pgSql(client), result.record),
    );
  } finally {
    await disconnect(suite.resources, client);
  }
}

/** The PGlite run: one process, killed and restarted; then the stopped folder is copied and compared. */
export async function checkCrashPglite(suite: Suite): Promise<Figure[]> {
  const dataDir = suite.resources.tempFolder('pglite');
  const instance = await Instance.create(suite.resources, suite.logs, 'pglite', suite.env({ DATA_DIR: dataDir }));
  await instance.start();
  const admin: Session = await signIn(suite.shop, instance.url, suite.settings.adminEmail);
  // The same demo catalogue, but the ids come from this database.
  const own = await catalogue(suite.shop, instance.url);
  const result = await runStream(suite, {
    instances: [instance],
    rounds: ROUNDS,
    workers: 3,
    customers: 2,
    admin,
    items: own,
    timeoutMs: 220_000,
  });
  await instance.stop();

  // The backup: the folder copied while the process is stopped.
  const copyDir = suite.resources.tempFolder('pglite-copy');
  fs.cpSync(dataDir, copyDir, { recursive: true });

  const figures: Figure[] = [];
  const original = await openPglite(path.join(dataDir, 'pglite'));
  const customer = result.customers[0]!;
  let before;
  let customerTotal;
  try {
    figures.push(
      streamFigure('crash (PGlite, 1 process)', suite, result, await verifyStream(original.sql, result.record)),
    );
    before = await snapshot(original.sql);
    customerTotal = num(
      (await original.sql('select coin_total from users where id = $1', [customer.userId]))[0]?.coin_total,
    );
  } finally {
    await original.close();
  }

  const label = 'backup (PGlite folder copied while stopped)';
  try {
    const copy = await openPglite(path.join(copyDir, 'pglite'));
    let after;
    try {
      after = await snapshot(copy.sql);
    } finally {
      await copy.close();
    }
    const problems = compareSnapshots(before, after);
    // The copy is a working shop: an instance starts on it and a customer's coins read the same.
    const restored = await Instance.create(
      suite.resources,
      suite.logs,
      'pglite-copy',
      suite.env({ DATA_DIR: copyDir }),
    );
    await restored.start();
    const again = await signIn(suite.shop, restored.url, customer.email);
    const coins = expectOk(
      'coins on the copy',
      await call<{ total: number }>(restored.url, 'GET', '/bank/api/v1/bank', {
        apiKey: suite.shop.apiKey,
        token: again.token,
      }),
    ).total;
    await restored.stop();
    if (coins !== customerTotal) problems.push(`a customer's coins read ${coins} on the copy, ${customerTotal} stored`);
    figures.push(
      figure(
        label,
        `${after.counts.size} tables, ${fmt(totalRows(after))} rows ${problems.length === 0 ? 'equal' : 'differ'}`,
        problems.length === 0,
        [
          `ledger sum ${fmt(before.ledgerSum)} = ${fmt(after.ledgerSum)}, stored totals ${fmt(before.storedTotal)} = ${fmt(after.storedTotal)}` +
            (before.ledgerFingerprint === after.ledgerFingerprint ? ', ledger rows identical' : ''),
          `an instance starts on the copy and shows a customer's ${fmt(coins)} coins`,
          ...problems.slice(0, 3),
        ].join(' — '),
      ),
    );
  } catch (error) {
    figures.push(figure(label, 'error', false, (error as Error).message));
  }
  return figures;
}
