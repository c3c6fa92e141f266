/** What every module gets: plain values wired once in buildApp (no DI container). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db, Tx } from './db/client.js';
import type { AccessTokens } from './lib/access-token.js';
import type { SecretBox } from './lib/secret-box.js';
import type { CatalogueCache } from './modules/catalog/service.js';
import type { EventHub } from './modules/events/service.js';
import type { CustomerPages, PayingBatches, PlacementBatches } from './modules/orders/service.js';

/** A payment staff confirmed by hand, as the orders module hands it to the payments module to record. */
export interface ManualPayment {
  orderId: string;
  orderCode: string;
  amountVnd: number;
  excessVnd: number;
  /** The bank's reference, when staff have it; '' otherwise. */
  reference: string;
  actorId: string | null;
  now: Date;
}

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
  /** Customers' pages of orders: kept in memory on an embedded database this app owns, read every time otherwise (modules/orders/page-cache.ts). */
  orderPages: CustomerPages;
  /** Customers' coin totals, kept the same way until a change to their coins commits (decision 0047, modules/coins). */
  coinTotals: CustomerPages;
  /** Orders placed at the same moment, written together (modules/orders/placement-batches.ts). */
  placements: PlacementBatches;
  /** Bank notifications that plainly pay orders at the same moment, written together (modules/orders/paying-batches.ts). */
  paying: PayingBatches;
  /**
   * Money in (modules/payments): records staff's manual payment of an order as a transfer, in the caller's
   * transaction, and answers its id. Wired in app.ts, so the orders module asks for it without importing payments.
   */
  moneyIn: { recordManualPayment(tx: Tx, payment: ManualPayment): Promise<string> };
}
