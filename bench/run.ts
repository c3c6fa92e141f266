/**
 * The budget table: every speed and size target of the shop, measured in one run on this machine and
 * printed beside its budget; written to bench/results.json. Exits 1 when a figure misses its budget.
 *
 *   npm run build && npm run bench
 *
 * Ratios (a list's req/s as a share of a bare route's, a figure at 1M orders against 1k) are taken
 * in the same run: absolute figures on a shared 2-core machine are noise. `--only load,pages,scale`
 * runs a part.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB, firstLoadJs } from './first-load.js';
import { catalogueSample, customers, load, placement, signedInRead, type LoadFigure } from './load.js';
import { createDatabase, postgresAvailable, root, startSeededShop, type ShopProcess } from './server.js';

export interface Row {
  group: string;
  name: string;
  figure: number;
  unit: string;
  /** Undefined: shown for reference, no budget. */
  budget?: number;
  better?: 'higher' | 'lower';
}

const rows: Row[] = [];
const add = (row: Row) => {
  rows.push(row);
  console.log(`  ${row.group} · ${row.name}: ${row.figure} ${row.unit}`);
};
const ratio = (part: number, whole: number) => Math.round((part / whole) * 100);

/** Customers placing orders at once, as the issue measured it. */
const PLACING_CUSTOMERS = 50;
/** Budgets (docs/decisions/0016-budget-table.md). */
const BUDGET = {
  catalogueShare: 70,
  placementRps: 1000,
  placementP99: 100,
  readP99: 100,
  rssPostgres: 200,
  rssPglite: 450,
};

async function loadFigures(shop: ShopProcess): Promise<void> {
  const group = `load, ${shop.engine}`;
  const { platformId, itemId } = await catalogueSample(shop.base);
  const platformList = '/platform/api/v1/platform/list?keyword=&is_active=true';
  const storeList = `/store/api/v1/store/list?keyword=&store_platform=${platformId}`;
  // Warm-up: the first requests compile routes and fill caches.
  await load(shop, platformList, { seconds: 1 });
  await load(shop, storeList, { seconds: 1 });

  const bare = await load(shop, '/healthz');
  add({ group, name: 'bare route (req/s)', figure: bare.rps, unit: 'req/s' });
  const peaks: number[] = [bare.rssMb];
  const share = (name: string, figure: LoadFigure) => {
    peaks.push(figure.rssMb);
    add({ group, name: `${name}, share of the bare route`, figure: ratio(figure.rps, bare.rps), unit: '%', budget: BUDGET.catalogueShare, better: 'higher' });
  };
  share('platform list', await load(shop, platformList));
  share('store list', await load(shop, storeList));

  const tokens = await customers(shop.base, PLACING_CUSTOMERS, `bench-${shop.engine.toLowerCase()}`);
  const placed = await placement(shop, tokens, itemId);
  peaks.push(placed.rssMb);
  if (shop.engine === 'PostgreSQL') {
    add({ group, name: `order placement, ${PLACING_CUSTOMERS} customers (req/s)`, figure: placed.rps, unit: 'req/s', budget: BUDGET.placementRps, better: 'higher' });
    add({ group, name: 'order placement p99', figure: placed.p99, unit: 'ms', budget: BUDGET.placementP99, better: 'lower' });
  } else {
    add({ group, name: `order placement, ${PLACING_CUSTOMERS} customers (req/s)`, figure: placed.rps, unit: 'req/s' });
  }
  for (const [name, url] of [
    ['own order list', '/order/api/v1/order/list?page=1&limit=10'],
    ['coin balance', '/bank/api/v1/bank'],
    ['order badge count', '/order/api/v1/order/count'],
  ] as const) {
    const read = await signedInRead(shop, tokens.slice(0, 20), url);
    peaks.push(read.rssMb);
    add({ group, name: `${name}, share of the bare route`, figure: ratio(read.rps, bare.rps), unit: '%' });
    add({ group, name: `${name} p99`, figure: read.p99, unit: 'ms', budget: BUDGET.readP99, better: 'lower' });
  }
  add({
    group,
    name: 'API resident memory under load (peak)',
    figure: Math.max(...peaks),
    unit: 'MB',
    budget: shop.engine === 'PostgreSQL' ? BUDGET.rssPostgres : BUDGET.rssPglite,
    better: 'lower',
  });
}

async function withShop(databaseUrl: string | undefined, run: (shop: ShopProcess) => Promise<void>): Promise<void> {
  const shop = await startSeededShop({ databaseUrl });
  try {
    await run(shop);
  } finally {
    await shop.stop();
  }
}

function weight(): void {
  const load = firstLoadJs();
  add({ group: 'pages', name: 'JS loaded by / (gzip)', figure: Math.round(load.totalBytes / 1024), unit: 'kB', budget: FIRST_LOAD_BUDGET_KB, better: 'lower' });
  add({ group: 'pages', name: 'admin files in the first load', figure: load.adminFiles.length, unit: 'files', budget: 0, better: 'lower' });
}

const within = (row: Row) =>
  row.budget === undefined || (row.better === 'higher' ? row.figure >= row.budget : row.figure <= row.budget);

function printTable(): string {
  const lines = ['| part | figure | value | budget | |', '|---|---|---|---|---|'];
  for (const row of rows) {
    const budget = row.budget === undefined ? '—' : `${row.better === 'higher' ? '≥' : '≤'} ${row.budget} ${row.unit}`;
    lines.push(`| ${row.group} | ${row.name} | ${row.figure} ${row.unit} | ${budget} | ${row.budget === undefined ? '' : within(row) ? 'ok' : 'MISS'} |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const part = (name: string) => !only || only.includes(name);
  const onPostgres = await postgresAvailable();

  if (part('pages')) weight();
  if (part('load')) {
    if (onPostgres) {
      const database = await createDatabase();
      try {
        await withShop(database.url, loadFigures);
      } finally {
        await database.drop();
      }
    } else {
      console.log('PostgreSQL does not answer: its rows are left out');
    }
    await withShop(undefined, loadFigures);
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  const table = printTable();
  console.log(`\nBudget table (${os.cpus().length} cores, ${seconds} s):\n\n${table}\n`);
  fs.writeFileSync(
    path.join(root, 'bench/results.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), cores: os.cpus().length, seconds, rows: rows.map((row) => ({ ...row, ok: within(row) })) }, null, 2)}\n`,
  );
  const missed = rows.filter((row) => !within(row));
  console.log(missed.length === 0 ? 'every figure within budget' : `${missed.length} figure(s) over budget`);
  process.exit(missed.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
