/** What every module gets: plain values wired once in buildApp (no DI container). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { AccessTokens } from './lib/access-token.js';
import type { SecretBox } from './lib/secret-box.js';
import type { CatalogueCache } from './modules/catalog/service.js';
import type { EventHub } from './modules/events/service.js';

export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  tokens: AccessTokens;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** Announces changes to live streams on every instance (modules/events). */
  events: EventHub;
  /** The public catalogue in memory, dropped on every change on every instance (modules/catalog). */
  catalogue: CatalogueCache;
}
