/**
 * PGlite is one process per data folder: two processes writing one folder corrupt it. The first process
 * holds a lock file beside the folder for its whole life; a second one refuses to start, saying who holds
 * it. A lock left by a process that died (kill -9, power loss) does not block a restart: on this machine
 * its process is gone; from another machine (a shared volume) its heartbeat stops.
 * docs/decisions/0012-fail-closed-defaults.md says why not proper-lockfile.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How often the holder touches its lock, and after how long without a touch a lock counts as abandoned. */
const HEARTBEAT_MS = 10_000;
const ABANDONED_AFTER_MS = 60_000;
/** A lock file still without an owner (being written) is left alone for this long. */
const BEING_WRITTEN_MS = 5_000;

interface Owner {
  pid: number;
  hostname: string;
  startedAt: string;
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly lockPath: string,
    holder: string,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Lucky Shop process (${holder}).\n` +
        'The embedded database (PGlite) allows one process per data folder; a second one would corrupt it.\n' +
        'Stop the other process first, give this one its own DATA_DIR, or run several processes on PostgreSQL (DATABASE_URL).\n' +
        `If no such process exists, delete ${lockPath}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly lockPath: string;
  /** Gives the folder up; safe to call more than once. */
  release(): void;
}

/** Locks held by this process, so that a second open here is refused too. */
const heldHere = new Set<string>();

function readOwner(file: string): Owner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Owner>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string' || typeof parsed.token !== 'string')
      return null;
    return { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt), token: parsed.token };
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ageMs(file: string): number {
  try {
    return Date.now() - fs.statSync(file).mtimeMs;
  } catch {
    return Infinity;
  }
}

/** Whether a lock left by `owner` may be taken over; otherwise a description of who holds it. */
function judge(owner: Owner | null, lockPath: string): { stale: true } | { stale: false; holder: string } {
  const age = ageMs(lockPath);
  if (!owner) {
    return age > BEING_WRITTEN_MS ? { stale: true } : { stale: false, holder: 'a process starting right now' };
  }
  const seen = `since ${owner.startedAt}`;
  if (owner.hostname === os.hostname()) {
    // Our own pid on a lock we do not hold: a previous life of this process id (a restarted container).
    if (owner.pid === process.pid || !processExists(owner.pid)) return { stale: true };
    // A live process that stopped touching the lock long ago is another program that reused the pid.
    if (age > ABANDONED_AFTER_MS) return { stale: true };
    return { stale: false, holder: `pid ${owner.pid} on this machine, ${seen}` };
  }
  if (age > ABANDONED_AFTER_MS) return { stale: true };
  return {
    stale: false,
    holder: `pid ${owner.pid} on ${owner.hostname}, ${seen}; taken over if it stays silent for ${ABANDONED_AFTER_MS / 1000} s`,
  };
}

/**
 * Locks `dataDir` for this process until `release()` or exit. Throws DataDirInUseError when another live
 * process (or this one) holds it. The lock is a file beside the folder, `<dataDir>.lock`: PGlite wants the
 * folder itself to hold nothing but its database.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  const lockPath = `${folder}.lock`;
  if (heldHere.has(lockPath)) throw new DataDirInUseError(folder, lockPath, `this process, pid ${process.pid}`);
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const owner: Owner = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
    token: crypto.randomUUID(),
  };

  for (let attempt = 0; ; attempt++) {
    try {
      // 'wx': created only if absent, atomically; whoever creates it holds the folder.
      fs.writeFileSync(lockPath, JSON.stringify(owner), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const current = readOwner(lockPath);
    const verdict = judge(current, lockPath);
    if (!verdict.stale || attempt >= 3) {
      throw new DataDirInUseError(
        folder,
        lockPath,
        verdict.stale ? 'a process that keeps re-taking it' : verdict.holder,
      );
    }
    // Take the stale lock away under a name of our own: of two processes doing this at once, one wins the
    // rename; if what we moved is not the lock we judged (someone took it meanwhile), it goes back.
    const moved = `${lockPath}.stale-${owner.token}`;
    try {
      fs.renameSync(lockPath, moved);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const taken = readOwner(moved);
    if (current && taken && taken.token !== current.token) {
      try {
        fs.linkSync(moved, lockPath);
      } catch {
        // Someone else holds it already; the one we moved lost it either way.
      }
      fs.rmSync(moved, { force: true });
      continue;
    }
    fs.rmSync(moved, { force: true });
  }

  heldHere.add(lockPath);
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(lockPath, now, now, () => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    heldHere.delete(lockPath);
    // Only our own lock: never one a later process took over.
    if (readOwner(lockPath)?.token === owner.token) fs.rmSync(lockPath, { force: true });
  };
  // Whatever ends the process short of a kill: a crash, process.exit(), a graceful stop.
  process.on('exit', release);
  return { lockPath, release };
}
