/**
 * What the resilience suite runs on: real API processes on loopback ports, throw-away PostgreSQL
 * databases and PGlite folders, and one record of every process, database and folder it made so that
 * all of them are gone when the run ends, whatever way it ends. Every wait here is bounded in time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../apps/api/src/test/free-port.js';
import { dropPostgresDatabase } from '../../apps/api/src/test/postgres-database.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');

// ---------- time and chance ----------

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it is truthy; throws after `timeoutMs` naming what was awaited. */
export async function waitFor<T>(
  what: string,
  condition: () => Promise<T> | T,
  timeoutMs: number,
  everyMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await sleep(everyMs);
  }
}

/** Rejects when `promise` has not settled within `ms`. */
export function within<T>(what: string, promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with RESILIENCE_SEED. */
export function makeRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    shuffle: <T>(items: T[]): T[] => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j]!, items[i]!];
      }
      return items;
    },
  };
}
export type Random = ReturnType<typeof makeRandom>;

export const secretText = (bytes = 18) => crypto.randomBytes(bytes).toString('base64url');
export const hex = (bytes = 6) => crypto.randomBytes(bytes).toString('hex');

// ---------- what must never be logged, and everything that was ----------

/** Every secret the run used (keys, passwords, tokens), by kind; never printed. */
export class Secrets {
  readonly values = new Map<string, string>();
  add(kind: string, value: string | null | undefined): void {
    if (value && value.length >= 8 && !this.values.has(value)) this.values.set(value, kind);
  }
}

/** Everything the processes of the run printed, in order, by source. */
export class LogBook {
  readonly chunks: { source: string; text: string; instance: boolean }[] = [];
  add(source: string, text: string, instance = true): void {
    this.chunks.push({ source, text, instance });
  }
  /** The instances' output only. */
  instances(): string {
    return this.chunks
      .filter((c) => c.instance)
      .map((c) => c.text)
      .join('');
  }
  bytes(): number {
    return this.chunks.reduce((n, c) => n + Buffer.byteLength(c.text), 0);
  }
  sources(): number {
    return new Set(this.chunks.map((c) => c.source)).size;
  }
}

// ---------- the run's resources ----------

export class Resources {
  readonly children = new Set<ChildProcess>();
  readonly databases = new Set<string>();
  readonly folders = new Set<string>();
  readonly clients = new Set<{ end(): Promise<void> }>();
  constructor(readonly adminUrl: string) {}

  tempFolder(prefix: string): string {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `resilience-${prefix}-`));
    this.folders.add(folder);
    return folder;
  }

  /** Kills every process still running, closes clients, drops every database, removes every folder. */
  async release(): Promise<string[]> {
    const problems: string[] = [];
    await Promise.all(
      [...this.children].map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGKILL');
        await within('a process exit', exited, 10_000).catch(() => problems.push(`process ${child.pid} did not exit`));
      }),
    );
    this.children.clear();
    for (const client of this.clients) await client.end().catch(() => {});
    this.clients.clear();
    for (const name of this.databases) {
      await dropPostgresDatabase(this.adminUrl, name).catch((e: Error) => problems.push(`drop ${name}: ${e.message}`));
    }
    this.databases.clear();
    for (const folder of this.folders) fs.rmSync(folder, { recursive: true, force: true });
    this.folders.clear();
    return problems;
  }

  /** Last resort on a hard exit: synchronous kills, drops and removals. */
  releaseNow(): void {
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const name of this.databases) {
      spawnSync('psql', [this.adminUrl, '-qc', `drop database if exists "${name}" with (force)`], {
        stdio: 'ignore',
        timeout: 10_000,
      });
    }
    for (const folder of this.folders) fs.rmSync(folder, { recursive: true, force: true });
  }
}

// ---------- PostgreSQL ----------

export interface Database {
  name: string;
  /** The address the instances use (with the run's database password, when the server ignores it). */
  url: string;
}

export async function pgReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A new, empty database with a random name. Its address carries `password` when the server accepts it
 * (a trust-auth test server ignores it): the secrets scan then also proves the address is never logged.
 */
export async function createDatabase(resources: Resources, password: string): Promise<Database> {
  const name = `resilience_${Date.now().toString(36)}_${hex(4)}`;
  const admin = new pg.Client({ connectionString: resources.adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    resources.databases.add(name);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const plain = new URL(resources.adminUrl);
  plain.pathname = `/${name}`;
  if (plain.password) return { name, url: plain.toString() };
  const withPassword = new URL(plain);
  withPassword.password = password;
  return { name, url: (await pgReachable(withPassword.toString())) ? withPassword.toString() : plain.toString() };
}

export async function connect(resources: Resources, url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  resources.clients.add(client);
  return client;
}

export async function disconnect(resources: Resources, client: pg.Client): Promise<void> {
  resources.clients.delete(client);
  await client.end().catch(() => {});
}

/** Runs a command to its end (bounded), its output going to the log book. */
export function run(
  resources: Resources,
  logs: LogBook,
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    resources.children.add(child);
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      logs.add(command, chunk.toString(), false);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resources.children.delete(child);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resources.children.delete(child);
      resolve({ code, output });
    });
  });
}

// ---------- Redis ----------

/** True when a Redis server answers PING at host:port. */
export function redisReachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

// ---------- API instances ----------

/** How long an instance may take to answer /healthz after it is spawned (four at once on two cores). */
export const START_TIMEOUT_MS = 120_000;

/**
 * One API process (`node --import tsx apps/api/src/server.ts`) on a fixed loopback port, so a restart
 * after `kill -9` answers at the same address, as behind a load balancer.
 */
export class Instance {
  child: ChildProcess | null = null;
  /** Healthy and not being killed: where clients send requests. */
  up = false;
  starts = 0;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    private readonly resources: Resources,
    private readonly logs: LogBook,
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  static async create(
    resources: Resources,
    logs: LogBook,
    name: string,
    env: Record<string, string>,
  ): Promise<Instance> {
    return new Instance(resources, logs, name, await freePort(), env);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns the process and waits until /healthz answers, the process exits, or the time runs out. */
  async start(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    if (this.alive()) throw new Error(`${this.name} is already running`);
    this.starts++;
    const source = `${this.name}#${this.starts}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.resources.children.add(child);
    const output: string[] = [];
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      this.logs.add(source, text);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    this.exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        this.up = false;
        this.resources.children.delete(child);
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive()) {
        const tail = output.join('').split('\n').filter(Boolean).slice(-3).join(' | ');
        throw new Error(
          `${this.name} exited during start-up (${child.exitCode ?? child.signalCode}): ${tail.slice(0, 400)}`,
        );
      }
      const healthy = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy && this.alive()) {
        this.up = true;
        return;
      }
      if (Date.now() > deadline) {
        await this.kill9();
        throw new Error(`${this.name} did not answer /healthz within ${Math.round(timeoutMs / 1000)} s`);
      }
      await sleep(100);
    }
  }

  /** `kill -9`: no shutdown hook runs. Resolves once the process is gone. */
  async kill9(): Promise<void> {
    this.up = false;
    if (!this.alive()) return;
    this.child!.kill('SIGKILL');
    await within(`${this.name} to die`, this.exited, 15_000);
  }

  /** SIGTERM (graceful shutdown), then SIGKILL if it has not exited in 20 s. */
  async stop(): Promise<void> {
    this.up = false;
    if (!this.alive()) return;
    this.child!.kill('SIGTERM');
    try {
      await within(`${this.name} to shut down`, this.exited, 20_000);
    } catch {
      await this.kill9();
    }
  }
}
