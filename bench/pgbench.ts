/**
 * The reference for the database-bound figures: pgbench's built-in TPC-B-like script on the same PostgreSQL,
 * in the same run, with the same clients and seconds as order placement. Its tps and its p99 latency (from
 * pgbench's per-transaction log, `--log`) say what this machine's PostgreSQL does at that moment; placement
 * and webhooks are budgeted as shares of it (README.md "Speed and size", docs/decisions/0023).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { percentile } from './stats.js';
import { createDatabase } from './server.js';

const run = promisify(execFile);

/** pgbench's scale: 10 branches, 1,000,000 accounts (about 150 MB, written in a second or two). */
export const PGBENCH_SCALE = 10;

export interface PgbenchFigure {
  tps: number;
  /** p99 of the transactions' latencies, ms. */
  p99: number;
}

/** One run's figure with every transaction's latency (ms), so that several short runs can be taken as one. */
export interface PgbenchRun extends PgbenchFigure {
  latencies: number[];
}

/**
 * Short runs taken as one: the mean of their tps (each ran as long as the others) and the p99 of all their
 * transactions together.
 */
export function combinedRuns(runs: PgbenchRun[]): PgbenchFigure {
  const latencies = runs.flatMap((run) => run.latencies);
  return {
    tps: Math.round(runs.reduce((sum, run) => sum + run.tps, 0) / runs.length),
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

export interface Pgbench {
  /** One run of the TPC-B-like script for `seconds` with `clients` clients. */
  run(clients: number, seconds: number): Promise<PgbenchRun>;
  drop(): Promise<void>;
}

/** A throw-away database initialised for pgbench (`pgbench -i -s 10`); drop() removes it. */
export async function preparePgbench(): Promise<Pgbench> {
  const database = await createDatabase('lucky_pgbench');
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-pgbench-'));
  try {
    await run('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), database.url]);
  } catch (error) {
    await database.drop();
    fs.rmSync(logDir, { recursive: true, force: true });
    throw error;
  }
  let runs = 0;
  return {
    async run(clients, seconds) {
      const prefix = path.join(logDir, `run${++runs}`);
      const { stdout } = await run('pgbench', [
        '-n',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        '--log',
        `--log-prefix=${prefix}`,
        database.url,
      ]);
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
      if (!Number.isFinite(tps)) throw new Error(`pgbench printed no tps:\n${stdout}`);
      // One line a transaction: client, transaction, latency (µs), script, epoch s, µs.
      const latencies: number[] = [];
      for (const file of fs.readdirSync(logDir).filter((name) => name.startsWith(path.basename(prefix) + '.'))) {
        for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
          const micros = Number(line.split(' ')[2]);
          if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
        }
      }
      if (latencies.length === 0) throw new Error('pgbench logged no transaction');
      return { tps: Math.round(tps), p99: Math.round(percentile(latencies, 99) * 10) / 10, latencies };
    },
    async drop() {
      fs.rmSync(logDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
