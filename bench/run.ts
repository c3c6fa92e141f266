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
import { BUDGETS as PAGE_BUDGET, runLighthouse, shopPages } from './lighthouse.js';
import { catalogueSample, customers, load, placement, signedInRead, type LoadFigure } from './load.js';
import { runScale } from './scale.js';
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
/** Budgets (the table in README.md "Speed and size"). */
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

/** Lighthouse on every customer page of a shop on its embedded default, as a newcomer runs it. */
async function pageFigures(shop: ShopProcess): Promise<void> {
  const pages = await runLighthouse({
    base: shop.base,
    pages: await shopPages(shop.base),
    onRun: (page, run, score) => console.log(`    lighthouse ${page.path} run ${run}: ${score.toFixed(2)}`),
  });
  for (const page of pages) {
    const group = `pages, ${page.path.replace(/\/[0-9a-f-]{8,}$|\/\d+$/, '/{id}')}`;
    add({ group, name: 'Lighthouse mobile score (median of 3)', figure: page.score, unit: '', budget: PAGE_BUDGET.score, better: 'higher' });
    add({ group, name: 'LCP', figure: Math.round(page.lcpMs), unit: 'ms', budget: PAGE_BUDGET.lcpMs, better: 'lower' });
    add({ group, name: 'TBT', figure: Math.round(page.tbtMs), unit: 'ms', budget: PAGE_BUDGET.tbtMs, better: 'lower' });
    add({ group, name: 'CLS', figure: Math.round(page.cls * 1000) / 1000, unit: '', budget: PAGE_BUDGET.cls, better: 'lower' });
  }
}

/** Admin and customer reads at 1k and at 1M orders on PostgreSQL (bench/scale.ts). */
async function scaleFigures(): Promise<void> {
  const result = await runScale({ log: (line) => console.log(`    ${line}`) });
  const group = 'scale, PostgreSQL';
  for (const row of result.rows) {
    // A search by a customer's email or name, and a customer's own list, answer ~100 orders at 1M where at 1k
    // they answer none or one: their ratio measures the answer's size, so only their latency has a budget.
    const sameAnswer = !/email|name|customer order list/.test(row.name);
    add({ group, name: `${row.name}: 1M / 1k orders`, figure: row.ratio, unit: '×', ...(sameAnswer ? { budget: 0.8, better: 'higher' as const } : {}) });
    add({ group, name: `${row.name}: p99 at 1M`, figure: row.p99At1M, unit: 'ms', budget: 100, better: 'lower' });
  }
  const failed = result.rows.reduce((sum, row) => sum + row.failuresAt1M, 0);
  add({ group, name: 'answers at 1M that were errors or timeouts', figure: failed, unit: '', budget: 0, better: 'lower' });
  const seqScan = /Seq Scan on orders/.test(result.deadlinePlan);
  add({ group, name: 'deadline sweep at 1M: sequential scans of orders', figure: seqScan ? 1 : 0, unit: '', budget: 0, better: 'lower' });
  console.log(`    deadline sweep plan at 1M:\n${result.deadlinePlan.replace(/^/gm, '      ')}`);
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

const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

/** The README shows the latest full run's table between its markers. */
function showInReadme(table: string, seconds: number): void {
  const readme = path.join(root, 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README.md has lost its ${README_START} … ${README_END} markers`);
  const day = new Date().toISOString().slice(0, 10);
  const block = `${README_START}\nLatest run (${day}, ${os.cpus().length} cores, ${seconds} s):\n\n${table}\n${README_END}`;
  fs.writeFileSync(readme, text.slice(0, start) + block + text.slice(end + README_END.length));
}

async function main(): Promise<void> {
  const started = Date.now();
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
  const part = (name: string) => !only || only.includes(name);
  const onPostgres = await postgresAvailable();

  if (part('pages')) {
    weight();
    await withShop(undefined, pageFigures);
  }
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

  if (part('scale')) {
    if (onPostgres) await scaleFigures();
    else console.log('PostgreSQL does not answer: the million-order step is left out');
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  const table = printTable();
  console.log(`\nBudget table (${os.cpus().length} cores, ${seconds} s):\n\n${table}\n`);
  fs.writeFileSync(
    path.join(root, 'bench/results.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), cores: os.cpus().length, seconds, rows: rows.map((row) => ({ ...row, ok: within(row) })) }, null, 2)}\n`,
  );
  if (!only) showInReadme(table, seconds);
  const missed = rows.filter((row) => !within(row));
  console.log(missed.length === 0 ? 'every figure within budget' : `${missed.length} figure(s) over budget`);
  process.exit(missed.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
