/**
 * The live streams this process holds (docs/decisions/0026): how many, whose, and one clock for all of them.
 *
 * Ten thousand customers with an order page open are ten thousand streams on one process. What each costs is
 * kept small and counted once: a stream is one object, with no timer of its own; one tick a second walks them
 * all, ends those whose access token has expired, sends the heartbeat of those due one, and asks the database
 * in one query which of their sign-ins have been ended since. A process refuses a stream it cannot hold: beyond
 * EVENT_STREAMS_MAX, or when its heap is near the limit the process was started with, whatever that limit is.
 */
import v8 from 'node:v8';

/** One open stream, as the registry sees it. */
export interface HeldStream {
  readonly userId: string;
  /** The sign-in the access token belongs to (checked for revocation with the heartbeat); null for none. */
  readonly sessionId: string | null;
  /** When the access token expires (ms since the epoch): the stream ends then. */
  readonly expiresAt: number;
  /** When the next heartbeat is due (ms since the epoch). */
  nextBeatAt: number;
  /** Sends the heartbeat comment. */
  beat(): void;
  /** Ends the stream (idempotent): the registry forgets it. */
  end(): void;
}

export interface StreamLimits {
  /** Streams at most (EVENT_STREAMS_MAX). */
  max: number;
  /** Streams one customer may hold (tabs, devices). */
  perUser: number;
  heartbeatMs: number;
  /**
   * The share of the heap limit above which no new stream is taken. A stream holds a few KB of heap for as long
   * as it is open; past this share, a new one would take the room requests need, and at the limit the process
   * dies with every stream and every request in flight.
   */
  heapShare: number;
}

export type Refusal = 'full' | 'user';

export interface StreamRegistry {
  /** Why a new stream of this customer cannot be held now, or null. */
  refusal(userId?: string): Refusal | null;
  /** Holds a stream; the caller has checked refusal() just before. */
  add(stream: HeldStream): void;
  /** Forgets a stream (its end() calls this). */
  remove(stream: HeldStream): void;
  size(): number;
  /** Ends every stream (the server is closing). */
  endAll(): void;
}

/**
 * V8's young generation at most (three semi-spaces of 16 MiB on 64-bit): the part of heap_size_limit that is not
 * the old generation, whose limit (--max-old-space-size) is the one a process dies at.
 */
const YOUNG_GENERATION_MAX = 48 * 1024 * 1024;

/**
 * The old generation in use, as a share of its limit: where a stream's objects end up, and what kills the process
 * when it is full ("Ineffective mark-compacts near heap limit"). heap_size_limit is the old generation's limit plus
 * the young generation's; what the young generation holds comes and goes with each request.
 */
export function oldGenerationInUse(): number {
  const heap = v8.getHeapStatistics();
  let young = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space' || space.space_name === 'new_large_object_space') young += space.space_used_size;
  }
  const oldLimit = heap.heap_size_limit > 2 * YOUNG_GENERATION_MAX ? heap.heap_size_limit - YOUNG_GENERATION_MAX : heap.heap_size_limit / 2;
  return (heap.used_heap_size - young) / oldLimit;
}

/** Heap statistics are read at most this often: a burst of opens reads them once. */
const HEAP_READ_EVERY_MS = 250;
/** Sign-ins checked in one query at most. */
const REVOCATION_BATCH = 1000;

export function createStreamRegistry(
  limits: StreamLimits,
  revoked: (sessionIds: string[]) => Promise<Set<string>>,
  onError: (error: unknown) => void,
  heapShare: () => number = oldGenerationInUse,
): StreamRegistry {
  const open = new Set<HeldStream>();
  const perUser = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let heapReadAt = 0;
  let heapFull = false;

  const tick = () => {
    const now = Date.now();
    const toCheck = new Map<string, HeldStream[]>();
    for (const stream of open) {
      if (now >= stream.expiresAt) {
        stream.end();
        continue;
      }
      if (now < stream.nextBeatAt) continue;
      stream.nextBeatAt = now + limits.heartbeatMs;
      stream.beat();
      if (stream.sessionId) {
        const same = toCheck.get(stream.sessionId);
        if (same) same.push(stream);
        else toCheck.set(stream.sessionId, [stream]);
      }
    }
    const ids = [...toCheck.keys()];
    for (let start = 0; start < ids.length; start += REVOCATION_BATCH) {
      revoked(ids.slice(start, start + REVOCATION_BATCH)).then(
        (ended) => {
          for (const id of ended) for (const stream of toCheck.get(id) ?? []) stream.end();
        },
        // The database is away: the streams stay; the next heartbeat asks again.
        onError,
      );
    }
  };
  // A stream's expiry is kept to within a second, its heartbeat to its period; one timer, whatever the count.
  const tickMs = Math.min(1000, limits.heartbeatMs);

  return {
    refusal(userId) {
      if (open.size >= limits.max) return 'full';
      const now = Date.now();
      if (now - heapReadAt >= HEAP_READ_EVERY_MS) {
        heapReadAt = now;
        heapFull = heapShare() >= limits.heapShare;
      }
      if (heapFull) return 'full';
      if (userId !== undefined && (perUser.get(userId) ?? 0) >= limits.perUser) return 'user';
      return null;
    },
    add(stream) {
      open.add(stream);
      perUser.set(stream.userId, (perUser.get(stream.userId) ?? 0) + 1);
      if (!timer) {
        timer = setInterval(tick, tickMs);
        timer.unref();
      }
    },
    remove(stream) {
      if (!open.delete(stream)) return;
      const left = (perUser.get(stream.userId) ?? 1) - 1;
      if (left > 0) perUser.set(stream.userId, left);
      else perUser.delete(stream.userId);
      if (open.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    },
    size: () => open.size,
    endAll() {
      for (const stream of [...open]) stream.end();
    },
  };
}
