/**
 * Benchmarks with their budgets. Starts the built shop on a fresh embedded database (or DATABASE_URL),
 * loads the hottest public calls with autocannon over loopback, and weighs the JavaScript the home page
 * loads. Prints each figure against its budget; exits 1 when one is missed.
 *
 *   npm run build && npm run bench
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon ships no types
import autocannon from 'autocannon';
import { FIRST_LOAD_BUDGET_KB, firstLoadJsGzip } from './first-load.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8092);
const base = `http://127.0.0.1:${port}`;
const apiKey = 'lucky-local-key';
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Result {
  name: string;
  figure: number;
  unit: string;
  budget: number;
  better: 'higher' | 'lower';
}

const results: Result[] = [];

async function waitForServer(): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the shop did not start within 120 s');
}

async function load(name: string, url: string, budgetRps: number): Promise<void> {
  const result = await autocannon({ url, connections: 20, duration: 10, headers: { 'x-api-key': apiKey } });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  results.push({ name: `${name} (req/s)`, figure: Math.round(result.requests.average), unit: 'req/s', budget: budgetRps, better: 'higher' });
  results.push({ name: `${name} (p99 latency)`, figure: result.latency.p99, unit: 'ms', budget: 250, better: 'lower' });
}

async function main(): Promise<void> {
  results.push({ name: 'JS loaded by / (gzip)', figure: Math.round(firstLoadJsGzip() / 1024), unit: 'kB', budget: FIRST_LOAD_BUDGET_KB, better: 'lower' });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-bench-'));
  const server = spawn('node', [path.join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT: 'false', SEED_DEMO: 'true' },
    stdio: 'inherit',
  });
  try {
    await waitForServer();
    const platforms = (await (await fetch(`${base}/platform/api/v1/platform/list?keyword=&is_active=true`, { headers: { 'x-api-key': apiKey } })).json()) as { id: number }[];
    // Budgets for 2 shared cores: PGlite is one in-process connection, PostgreSQL scales further.
    const listBudget = onPostgres ? 1000 : 300;
    await load('platform list', `${base}/platform/api/v1/platform/list?keyword=&is_active=true`, listBudget);
    await load('store list', `${base}/store/api/v1/store/list?keyword=&store_platform=${platforms[0]?.id ?? 1}`, listBudget);
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  let failed = false;
  console.log(`\nBenchmarks (${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores):`);
  for (const r of results) {
    const ok = r.better === 'higher' ? r.figure >= r.budget : r.figure <= r.budget;
    failed ||= !ok;
    const sign = r.better === 'higher' ? '≥' : '≤';
    console.log(`  ${ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.figure} ${r.unit} (budget ${sign} ${r.budget} ${r.unit})`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
