/**
 * The event hub (docs/architecture.md "Live events", decision 0028). A change writes its event row in its own
 * transaction; once that transaction has committed, the instance that made the change announces the event: at once
 * to its own subscribers (the live streams of its connected clients, and staff alerts for the changes this very
 * instance made: `origin`), and to the other instances through `database.notify`, many events at a time (on
 * PostgreSQL one NOTIFY; on PGlite, handed to the other hubs of the process). A rolled back transaction announces
 * nothing. Announcing inside the transaction would serialise every commit that announces
 * (PostgreSQL holds a database-wide lock from a NOTIFY's commit until it is flushed); the cost is that an instance
 * that dies between a commit and its announcement leaves the other instances' streams without that event until they
 * next read the table (a reconnecting stream replays what it missed).
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { EventCause, EventKind, Order } from '@lucky/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../db/after-commit.js';
import type { Database, Db } from '../../db/client.js';
import { events } from '../../db/schema.js';

/** The channel the instances announce their events to each other on: a JSON array of LiveEvent. */
export const EVENTS_CHANNEL = 'lucky_events';
/** A NOTIFY carries at most 8,000 bytes: a batch of announcements stops short of it. */
const NOTIFY_BATCH_BYTES = 7_000;
/** Announcements waiting for the database are capped: beyond this, the oldest are dropped (and logged). */
const OUTBOX_LIMIT = 10_000;
/** How long a failed NOTIFY waits before it is tried again. */
const NOTIFY_RETRY_MS = 1_000;
/** How long stopping waits for the announcements on their way. */
const STOP_DRAIN_MS = 2_000;
/**
 * How long an announcement waits for others to go in the same NOTIFY: each NOTIFY is a round trip and a commit,
 * and a few milliseconds more for another instance's streams is nothing to a customer watching an order.
 */
const NOTIFY_GATHER_MS = 10;
/** Events are kept this long for streams that reconnect with Last-Event-ID. */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** At most this many missed events are replayed to a reconnecting stream. */
const REPLAY_LIMIT = 500;

export interface LiveEvent {
  id: number;
  kind: EventKind;
  /** The order's or the transfer's id. */
  entityId: string;
  /** The customer the event concerns; null for staff-only events (transfers). */
  userId: string | null;
  cause: EventCause;
  /** The instance that made the change; '' for events read back from the table. */
  origin: string;
  /**
   * The order as its customer sees it right after the change, when the change had it at hand (placement, a paying
   * bank notification): this instance's streams send it without reading it back. Never sent to other instances.
   */
  order?: Order;
}

export type NewEvent = Omit<LiveEvent, 'id' | 'origin'>;
export type EventListener = (event: LiveEvent) => void;

export interface EventHub {
  /** This instance's name in the events it publishes. */
  readonly origin: string;
  /** Writes the event in `tx` and announces it when `tx` commits. */
  publish(tx: Db, event: NewEvent): Promise<void>;
  /**
   * Announces an event whose row a committed change wrote itself (the one-round-trip functions of migration 0014):
   * to this instance's subscribers at once, and to the other instances.
   */
  announce(event: NewEvent & { id: number }): void;
  /**
   * Every event to `listener`; with `userId`, only the events that concern that customer (a customer's live
   * stream): the hub hands an event to its customer's listeners alone, so ten thousand open streams cost an
   * event one lookup, not ten thousand calls.
   */
  subscribe(listener: EventListener, userId?: string): () => void;
  /** Events after `afterId`, oldest first (this hub's own catch-up after its LISTEN connection was lost). */
  since(afterId: number, userId?: string): Promise<LiveEvent[]>;
  /**
   * The newest `limit` events after `afterId`, newest first, only `userId`'s when given: a reconnecting
   * stream's catch-up, one read through an index whatever the customer's history.
   */
  recent(afterId: number, limit: number, userId?: string): Promise<LiveEvent[]>;
  /** How many listeners are subscribed (live streams and staff alerts of this instance). */
  subscribers(): number;
  /** Forgets events older than the retention window. */
  prune(now?: Date): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const isEvent = (value: Partial<LiveEvent>): value is LiveEvent =>
  typeof value.id === 'number' &&
  typeof value.kind === 'string' &&
  typeof value.entityId === 'string' &&
  typeof value.origin === 'string';

/**
 * A NOTIFY's batch of events, or null when it is not one. A single event is read too: that is what an instance of
 * the shop before decision 0028 sends, so instances of both kinds hear each other while a shop upgrades one by one.
 */
function parsePayload(payload: string): LiveEvent[] | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent> | Partial<LiveEvent>[];
    if (!Array.isArray(value)) return isEvent(value) ? [value] : null;
    return value.every(isEvent) ? value : null;
  } catch {
    return null;
  }
}

const fromRow = (row: typeof events.$inferSelect): LiveEvent => ({
  id: row.id,
  kind: row.kind as EventKind,
  entityId: row.entityId,
  userId: row.userId,
  cause: row.cause as EventCause,
  origin: '',
});

export function createEventHub(database: Pick<Database, 'db' | 'listen' | 'notify'>, log: FastifyBaseLogger): EventHub {
  const origin = crypto.randomUUID();
  const listeners = new Set<EventListener>();
  const byUser = new Map<string, Set<EventListener>>();
  let userListeners = 0;
  let unlisten: (() => Promise<void>) | null = null;
  /** The newest event id seen, to catch up after the LISTEN connection was lost. */
  let newestSeen = 0;

  const call = (listener: EventListener, event: LiveEvent) => {
    try {
      listener(event);
    } catch (error) {
      log.error({ err: error }, 'event listener failed');
    }
  };
  const dispatch = (event: LiveEvent) => {
    newestSeen = Math.max(newestSeen, event.id);
    for (const listener of listeners) call(listener, event);
    const own = event.userId ? byUser.get(event.userId) : undefined;
    if (own) for (const listener of own) call(listener, event);
  };

  /** Events after `afterId` (the customer's only, with `userId`), oldest or newest first, `limit` at most. */
  const after = async (afterId: number, userId: string | undefined, order: typeof asc, limit: number) => {
    const rows = await database.db
      .select()
      .from(events)
      .where(userId ? and(gt(events.id, afterId), eq(events.userId, userId)) : gt(events.id, afterId))
      .orderBy(order(events.id))
      .limit(limit);
    return rows.map(fromRow);
  };

  const since = (afterId: number, userId?: string): Promise<LiveEvent[]> => after(afterId, userId, asc, REPLAY_LIMIT);

  // The announcements on their way to the other instances. One notification is under way at a time, carrying
  // every announcement that waited for it: under load, many commits share one NOTIFY.
  const outbox: LiveEvent[] = [];
  let flight: Promise<void> | null = null;
  let stopped = false;
  const deliver = async () => {
    while (outbox.length > 0 && !stopped) {
      let bytes = 2;
      let count = 0;
      const parts: string[] = [];
      for (const event of outbox) {
        const json = JSON.stringify(event);
        const size = Buffer.byteLength(json);
        if (count > 0 && bytes + size + 1 > NOTIFY_BATCH_BYTES) break;
        parts.push(json);
        bytes += size + 1;
        count += 1;
      }
      try {
        await database.notify(EVENTS_CHANNEL, `[${parts.join(',')}]`);
        outbox.splice(0, count);
      } catch (error) {
        log.error({ err: error }, 'could not announce events to the other instances; trying again');
        await new Promise((resolve) => setTimeout(resolve, NOTIFY_RETRY_MS).unref());
      }
    }
  };
  const send = () => {
    // The first announcement waits a moment for others to share its NOTIFY; those that come while it is under
    // way go together in the next.
    flight ??= new Promise((resolve) => setTimeout(resolve, NOTIFY_GATHER_MS))
      .then(deliver)
      .finally(() => {
        flight = null;
      });
  };

  const announce = (event: NewEvent & { id: number }) => {
    const told: LiveEvent = { id: event.id, kind: event.kind, entityId: event.entityId, userId: event.userId, cause: event.cause, origin };
    dispatch(event.order ? { ...told, order: event.order } : told);
    if (stopped) return;
    outbox.push(told);
    if (outbox.length > OUTBOX_LIMIT) {
      const dropped = outbox.splice(0, outbox.length - OUTBOX_LIMIT);
      log.error({ dropped: dropped.length }, 'announcements to the other instances dropped: the database did not take them');
    }
    send();
  };

  const recent = (afterId: number, limit: number, userId?: string): Promise<LiveEvent[]> =>
    after(afterId, userId, desc, limit);

  return {
    origin,
    async publish(tx, event) {
      // The row, by migration 0014's publish_event; its announcement waits for the commit.
      const result = (await tx.execute(
        sql`select publish_event(${event.kind}::text, ${event.entityId}::text, ${event.userId}::uuid, ${event.cause}::text, ${origin}::text) as id`,
      )) as unknown as { rows: { id: number | string }[] };
      const id = Number(result.rows[0]?.id);
      afterCommit(tx, () => announce({ ...event, id }));
    },
    announce,
    subscribe(listener, userId) {
      if (userId === undefined) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      }
      let own = byUser.get(userId);
      if (!own) byUser.set(userId, (own = new Set()));
      own.add(listener);
      userListeners += 1;
      return () => {
        if (!own.delete(listener)) return;
        userListeners -= 1;
        if (own.size === 0 && byUser.get(userId) === own) byUser.delete(userId);
      };
    },
    since,
    recent,
    subscribers: () => listeners.size + userListeners,
    async prune(now = new Date()) {
      const gone = await database.db
        .delete(events)
        .where(lt(events.createdAt, new Date(now.getTime() - EVENT_RETENTION_MS)))
        .returning({ id: events.id });
      return gone.length;
    },
    async start() {
      if (unlisten) return;
      stopped = false;
      unlisten = await database.listen(
        EVENTS_CHANNEL,
        (payload) => {
          const batch = parsePayload(payload);
          if (!batch) log.warn('an unreadable event notification was ignored');
          // This instance's own events were handed out when they were announced.
          else for (const event of batch) if (event.origin !== origin) dispatch(event);
        },
        () => {
          // Notifications sent while the connection was down are lost: read them back from the table.
          since(newestSeen).then(
            (missed) => missed.forEach(dispatch),
            (error: unknown) => log.error({ err: error }, 'could not catch up on missed events'),
          );
        },
      );
    },
    async stop() {
      // What is on its way still goes out, for a while: a restart should not cost other instances' streams events.
      if (flight) await Promise.race([flight, new Promise((resolve) => setTimeout(resolve, STOP_DRAIN_MS).unref())]);
      stopped = true;
      outbox.length = 0;
      const stopListening = unlisten;
      unlisten = null;
      listeners.clear();
      byUser.clear();
      userListeners = 0;
      await stopListening?.();
    },
  };
}
