import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../test/server-process.js';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lucky-lock-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid no process has any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function writeLock(folder: string, owner: { pid: number; hostname: string }, ageSeconds = 0) {
  const file = `${folder}.lock`;
  fs.writeFileSync(file, JSON.stringify({ ...owner, startedAt: '2026-01-01T00:00:00.000Z', token: 'someone-else' }));
  const at = new Date(Date.now() - ageSeconds * 1000);
  fs.utimesSync(file, at, at);
  return file;
}

describe('the PGlite data folder lock, in one process', () => {
  it('holds the folder until released, refusing a second open meanwhile', () => {
    const folder = path.join(dir, 'pglite');
    const lock = lockDataDir(folder);
    expect(fs.existsSync(`${folder}.lock`)).toBe(true);
    expect(() => lockDataDir(folder)).toThrow(DataDirInUseError);
    lock.release();
    expect(fs.existsSync(`${folder}.lock`)).toBe(false);
    lockDataDir(folder).release();
  });

  it('takes over the lock of a process that is gone', () => {
    const folder = path.join(dir, 'pglite');
    writeLock(folder, { pid: deadPid(), hostname: os.hostname() });
    const lock = lockDataDir(folder);
    expect(JSON.parse(fs.readFileSync(lock.lockPath, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container)', () => {
    const folder = path.join(dir, 'pglite');
    writeLock(folder, { pid: process.pid, hostname: os.hostname() });
    lockDataDir(folder).release();
  });

  it('refuses a lock a live process holds, naming it and the way out', () => {
    const folder = path.join(dir, 'pglite');
    // The parent of this test process is alive for sure.
    writeLock(folder, { pid: process.ppid, hostname: os.hostname() });
    let error: unknown;
    try {
      lockDataDir(folder);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`pid ${process.ppid} on this machine`);
    expect(message).toContain('one process per data folder');
    expect(message).toContain('DATA_DIR');
    expect(message).toContain('DATABASE_URL');
    // The holder's lock is left as it was.
    expect(JSON.parse(fs.readFileSync(`${folder}.lock`, 'utf8')).token).toBe('someone-else');
  });

  it('refuses a lock from another machine while its holder keeps it fresh, takes it once it is silent', () => {
    const folder = path.join(dir, 'pglite');
    writeLock(folder, { pid: 1, hostname: 'another-machine' });
    expect(() => lockDataDir(folder)).toThrow(/pid 1 on another-machine/);
    writeLock(folder, { pid: 1, hostname: 'another-machine' }, 120);
    lockDataDir(folder).release();
  });
});

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** `src/server.ts` as its own process, on PGlite in `dataDir` (never the suite's PostgreSQL). */
function startServer(dataDir: string, port: number): ServerProcess {
  const started = startServerProcess(port, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    DEADLINE_SWEEP_SECONDS: '0',
    LOG_LEVEL: 'warn',
  });
  children.push(started.child);
  return started;
}

describe('the PGlite data folder lock, across processes', () => {
  it('refuses a second shop on the same DATA_DIR with a clear message, and a killed shop does not block a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const firstPort = await freePort();
    const first = startServer(dataDir, firstPort);
    await first.healthy();

    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `The data folder ${path.join(dataDir, 'pglite')} is in use by another Lucky Shop process`,
    );
    expect(second.output()).toContain(`pid ${first.child.pid} on this machine`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first shop never noticed.
    expect((await fetch(`http://127.0.0.1:${firstPort}/healthz`)).ok).toBe(true);

    // kill -9 leaves the lock behind; the next start takes it over at once.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    const third = startServer(dataDir, await freePort());
    await third.healthy();

    // A graceful stop gives the folder back.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
