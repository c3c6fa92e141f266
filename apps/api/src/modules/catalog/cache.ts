/**
 * The active catalogue in memory, one copy per process (docs/decisions/0014): a storefront read costs
 * no query. Every change drops it on every instance: the changing transaction NOTIFYs, which PostgreSQL
 * delivers at commit to each instance's LISTEN (PGlite in-process); the changing instance also drops
 * its own copy right after commit, so the admin's next read is fresh without waiting for the delivery;
 * and a re-opened LISTEN connection drops it too, since notifications sent meanwhile are lost.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { CATALOGUE_CHANNEL } from './repository.js';
import { loadCatalogue, type Catalogue } from './service.js';

export interface CatalogueCache {
  /** The current catalogue, loaded on first use after a change; concurrent callers share one load. */
  current(): Promise<Catalogue>;
  /** The catalogue if it is loaded and current, else null (then `current()` loads it). */
  loaded(): Catalogue | null;
  /** Forgets the catalogue. A load already under way is still answered to its callers but never kept. */
  invalidate(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `load` is replaceable so that tests can decide when a load finishes. */
export function createCatalogueCache(
  database: Pick<Database, 'db' | 'listen'>,
  log: FastifyBaseLogger,
  load: (db: Db) => Promise<Catalogue> = loadCatalogue,
): CatalogueCache {
  // Bumped by every invalidation. A load that began under an older generation may have read rows from
  // before the change: keeping it would serve the old catalogue until the next change.
  let generation = 0;
  let cached: Catalogue | null = null;
  let loading: Promise<Catalogue> | null = null;
  let unlisten: (() => Promise<void>) | null = null;

  const invalidate = () => {
    generation += 1;
    cached = null;
    loading = null;
  };

  return {
    loaded: () => cached,
    current() {
      if (cached) return Promise.resolve(cached);
      if (loading) return loading;
      const started = generation;
      const pending = load(database.db).then(
        (catalogue) => {
          if (generation === started) {
            cached = catalogue;
            loading = null;
          }
          return catalogue;
        },
        (error: unknown) => {
          // The next read tries again.
          if (generation === started) loading = null;
          throw error;
        },
      );
      loading = pending;
      return pending;
    },
    invalidate,
    async start() {
      if (unlisten) return;
      unlisten = await database.listen(CATALOGUE_CHANNEL, invalidate, () => {
        log.info('catalogue listener reconnected: reloading the catalogue');
        invalidate();
      });
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = null;
      invalidate();
      await stopListening?.();
    },
  };
}
