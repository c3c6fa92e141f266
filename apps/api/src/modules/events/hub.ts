/**
 * The event hub (docs/architecture.md "Live events"). A change writes its event row in its own
 * transaction and NOTIFYs it there, so the announcement exists exactly when the change does (a rolled
 * back transaction announces nothing). Every API instance LISTENs and hands each event to its
 * subscribers: the live streams of its connected clients, and staff alerts for the changes this very
 * instance made (`origin`). PostgreSQL carries events between instances; PGlite delivers in-process.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { EventCause, EventKind } from '@lucky/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { events } from '../../db/schema.js';

/** The channel migration 0006's publish_event NOTIFYs on. */
export const EVENTS_CHANNEL = 'lucky_events';
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
}

export type NewEvent = Omit<LiveEvent, 'id' | 'origin'>;
export type EventListener = (event: LiveEvent) => void;

export interface EventHub {
  /** This instance's name in the events it publishes. */
  readonly origin: string;
  /** Writes the event in `tx` and announces it when `tx` commits. */
  publish(tx: Db, event: NewEvent): Promise<void>;
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

function parsePayload(payload: string): LiveEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<LiveEvent>;
    if (typeof value.id !== 'number' || typeof value.kind !== 'string' || typeof value.entityId !== 'string')
      return null;
    return value as LiveEvent;
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

export function createEventHub(database: Pick<Database, 'db' | 'listen'>, log: FastifyBaseLogger): EventHub {
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

  const recent = (afterId: number, limit: number, userId?: string): Promise<LiveEvent[]> =>
    after(afterId, userId, desc, limit);

  return {
    origin,
    async publish(tx, event) {
      // One round trip: the row and its NOTIFY (delivered at commit), by migration 0006's publish_event,
      // whose payload has LiveEvent's shape (parsePayload reads it back).
      await tx.execute(
        sql`select publish_event(${event.kind}::text, ${event.entityId}::text, ${event.userId}::uuid, ${event.cause}::text, ${origin}::text)`,
      );
    },
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
      unlisten = await database.listen(
        EVENTS_CHANNEL,
        (payload) => {
          const event = parsePayload(payload);
          if (event) dispatch(event);
          else log.warn('an unreadable event notification was ignored');
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
      const stopListening = unlisten;
      unlisten = null;
      listeners.clear();
      byUser.clear();
      userListeners = 0;
      await stopListening?.();
    },
  };
}
