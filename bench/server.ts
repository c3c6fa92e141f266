/**
 * The built shop as a real process for the benchmarks: on a fresh embedded database (PGlite in a temporary
 * folder) or on a fresh PostgreSQL database created for the run and dropped after it. Its resident memory
 * is read from /proc, as an operator's `ps` or container limit would see it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../apps/api/src/test/free-port.js';
import { createPostgresDatabase, type PostgresDatabase } from '../apps/api/src/test/postgres-database.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_KEY = 'lucky-local-key';
export const ADMIN_EMAIL = 'admin@lucky.local';
/** The PostgreSQL server the benchmarks create their databases on (trust auth on this machine). */
export const PG_SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL server answers at PG_SERVER_URL. */
export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type { PostgresDatabase };

/** A new empty database on the PostgreSQL server, and how to drop it. */
export const createDatabase = (prefix = 'lucky_bench'): Promise<PostgresDatabase> => createPostgresDatabase(PG_SERVER_URL, prefix);

export interface ShopProcess {
  base: string;
  engine: 'PostgreSQL' | 'PGlite';
  child: ChildProcess;
  /** Resident memory now, in MB. */
  rssMb(): number;
  /** The highest resident memory of the process since it started (VmHWM), in MB: the figure an operator reads. */
  peakRssMb(): number;
  /** Samples RSS every 100 ms until the returned function is called, which gives the highest seen (MB). */
  sampleRss(): () => number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** A PostgreSQL database URL; PGlite in a temporary folder when absent. */
  databaseUrl?: string;
  /** PGlite's data folder, kept after stop (a temporary one, removed at stop, when absent). */
  dataDir?: string;
  env?: Record<string, string>;
  /** Extra Node.js flags (e.g. `--cpu-prof` to profile the shop under load). */
  nodeArgs?: string[];
}

/**
 * The Node.js flags the shop runs with: those of `npm run serve` (package.json), so the bench measures the
 * shop as it is started (its heap limit, decision 0019).
 */
export function serveNodeFlags(): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const words = (scripts.serve ?? '').split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'apps/api/dist/server.js') throw new Error(`unexpected serve script: ${scripts.serve}`);
  return words.slice(1, -1);
}

/** The shops this process started and that still run. */
const running = new Set<ChildProcess>();
let stopsOnExit = false;

/**
 * In a session of its own, a shop no longer hears the terminal's Ctrl-C: the bench stops the shops it started
 * whenever it ends, however it ends. A signal is turned into an exit, so that the 'exit' listeners (this one,
 * recording-priority.ts's) run.
 */
function stopShopsOnExit(): void {
  if (stopsOnExit) return;
  stopsOnExit = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
}

/** Starts the built shop as `npm run serve` does (needs `npm run build`), with the demo catalogue and demo sign-in. */
export async function startShop(options: StartOptions = {}): Promise<ShopProcess> {
  stopShopsOnExit();
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-bench-'));
  const args = [...serveNodeFlags(), ...(options.nodeArgs ?? []), path.join(root, 'apps/api/dist/server.js')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT: 'false',
      SEED_DEMO: 'true',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    // In a session of its own, as a shop runs deployed (a service, not a child of somebody's terminal). Linux
    // shares the CPU between sessions first: the bench's session steps back while a page records
    // (recording-priority.ts), and the shop must not step back with it (docs/decisions/0045).
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode} before it answered`);
    if (Date.now() > deadline) throw new Error('the shop did not start within 120 s');
    const ok = await fetch(`${base}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The pid is the node process of the shop itself (spawned directly, no shell or npm in between). A process
  // that has died has no status: 0, and the bench reports the death on its own.
  const statusMb = (field: 'VmRSS' | 'VmHWM') => {
    let status = '';
    try {
      status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    } catch {
      return 0;
    }
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  };
  const rssMb = () => statusMb('VmRSS');
  return {
    base,
    engine: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
    child,
    rssMb,
    peakRssMb: () => statusMb('VmHWM'),
    sampleRss() {
      let peak = rssMb();
      const timer = setInterval(() => {
        peak = Math.max(peak, rssMb());
      }, 100);
      return () => {
        clearInterval(timer);
        return Math.max(peak, rssMb());
      };
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A stopped PGlite shop's data folder, seeded by one start: copied for every later seeded PGlite shop of the run. */
let seededPglite: string | null = null;

/**
 * A data folder holding a seeded shop for these options: a copy of the run's seeded PGlite folder (seeded the
 * first time), or, on PostgreSQL or with settings of its own, a folder of a shop seeded by a start of its own.
 */
async function seededDataDir(options: Omit<StartOptions, 'dataDir'>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-bench-'));
  const plain = !options.databaseUrl && !options.env && !options.nodeArgs;
  if (!plain) {
    await (await startShop({ ...options, dataDir })).stop();
    return dataDir;
  }
  if (!seededPglite) {
    const template = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-bench-seeded-'));
    await (await startShop({ dataDir: template })).stop();
    seededPglite = template;
    process.once('exit', () => fs.rmSync(template, { recursive: true, force: true }));
  }
  fs.cpSync(seededPglite, dataDir, { recursive: true });
  return dataDir;
}

/**
 * A shop as it runs day to day: its catalogue was seeded by an earlier start (the demo seed draws its
 * pictures with sharp, a one-off cost a running shop does not carry), then it was started again. PGlite shops
 * of one run start from copies of one seeded folder, which saves a start each (about 5 s on 2 cores).
 */
export async function startSeededShop(options: Omit<StartOptions, 'dataDir'> = {}): Promise<ShopProcess> {
  const dataDir = await seededDataDir(options);
  const shop = await startShop({ ...options, dataDir });
  return {
    ...shop,
    async stop() {
      await shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Connections kept open between the bench's own calls: the crowd signs in and orders for ten thousand customers
 * before it measures anything, and fetch() cost about 1 ms of the bench's CPU a call here (node:http a third of
 * that), CPU the shop then did not have.
 */
const callers = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Calls the shop's API as the web app does; `token` signs the call. */
export function api<T>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent: callers,
        headers: {
          'x-api-key': API_KEY,
          ...(options.token ? { authorization: options.token } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300) return reject(new Error(`${method} ${url}: ${status} ${text}`));
          try {
            resolve(JSON.parse(text) as T);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A demo sign-in's access token (any email; ADMIN_EMAIL is an admin). */
export async function signIn(base: string, email: string): Promise<string> {
  const tokens = await api<{ access_token: string }>(base, 'POST', '/auth/api/v1/auth/demo-sign-in', {
    body: { user_access_token: email },
  });
  return tokens.access_token;
}
