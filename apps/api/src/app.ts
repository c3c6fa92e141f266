/**
 * buildApp(config): registers plugins and modules, never listens and never seeds (docs/architecture.md "Layers and modules"): the demo
 * catalogue is a start-up step of server.ts.
 * Tests call it with an in-memory database and use app.inject().
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { INLINE_SCRIPTS } from '@lucky/shared/inline-scripts';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase, type Database } from './db/client.js';
import { BODY_LIMIT_BYTES } from './lib/body-limit.js';
import { loggerOptions } from './lib/log.js';
import { requestLogger } from './lib/request-logger.js';
import { createAccessTokens } from './lib/access-token.js';
import { createSecretBox } from './lib/secret-box.js';
import { WRITE_BATCHES } from './lib/write-batches.js';
import { startAlerts, type Alerts } from './modules/alerts/service.js';
import { pushRoutes } from './modules/push/routes.js';
import { startPushNotifications, type PushNotifications } from './modules/push/service.js';
import { createEventHub } from './modules/events/service.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling, registerNotFound } from './plugins/errors.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './web/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { adminCatalogRoutes } from './modules/admin-catalog/routes.js';
import { adminCustomerRoutes } from './modules/admin-customers/routes.js';
import { walletRoutes } from './modules/coins/routes.js';
import { watchCoinChanges } from './modules/coins/service.js';
import { createCatalogueCache } from './modules/catalog/service.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { adminOrderRoutes } from './modules/orders/admin-routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import {
  KEPT_COIN_TOTALS_BYTES,
  createCustomerPages,
  createPayingBatches,
  createPlacementBatches,
  readEveryPage,
  resealOrderPasswords,
} from './modules/orders/service.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { recordManualPayment } from './modules/payments/service.js';
import { storageRoutes } from './modules/storage/routes.js';
import { userRoutes } from './modules/users/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Staff alerts on Telegram; `idle()` lets tests wait for the messages under way. */
    alerts: Alerts;
    /** Customers' order notifications (Web Push); `idle()` lets tests wait for the messages under way. */
    push: PushNotifications;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /**
   * Whether this app is the only one writing to the database (default: when it opened the database itself). Only
   * then, on PGlite, are customers' pages of orders kept in memory: every change is announced here first.
   */
  ownsDatabase?: boolean;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where log lines go (default stdout): readable lines in a terminal, a capture in tests. */
  logStream?: DestinationStream;
}

/** An inline script as a CSP source: its SHA-256, which the browser checks before running it. */
const scriptSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The page's inline scripts (the colour mode's in the head, the first layout's at the end of the body) as CSP sources. */
export const INLINE_SCRIPT_SOURCES = INLINE_SCRIPTS.map(scriptSource);

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Secrets never reach a log line (lib/log.ts).
    logger: config.logLevel === 'silent' ? false : { ...loggerOptions(config), stream: options.logStream },
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For sets request.ip (rate-limit keys, logs) only from the proxies TRUST_PROXY names.
    // (A hop count N believes the nearest N proxies; Fastify's types take it as this function.)
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Request ids in logs, so a customer's complaint can be traced.
    requestIdHeader: 'x-request-id',
    // Each request's logger is made when it first writes a line (lib/request-logger.ts).
    childLoggerFactory: requestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(config));
  const events = createEventHub(database, app.log);
  await events.start();
  // Hooks run in reverse order of registration: the hub stops listening before the database closes.
  if (!options.database) app.addHook('onClose', () => database.close());
  app.addHook('onClose', () => events.stop());
  const catalogue = createCatalogueCache(database, app.log);
  await catalogue.start();
  app.addHook('onClose', () => catalogue.stop());
  // PGlite's data folder is locked to this process, and an app that owns it announces every change to an order
  // here at once: a customer's pages are kept until an event about them (decision 0030). On PostgreSQL another
  // instance's change arrives a moment later, so every page is read.
  const keepPages = database.kind === 'pglite' && (options.ownsDatabase ?? !options.database);
  const orderPages = keepPages ? createCustomerPages() : readEveryPage;
  // Their coin totals too, until a change to their coins commits (decision 0047).
  const coinTotals = keepPages ? createCustomerPages(KEPT_COIN_TOTALS_BYTES) : readEveryPage;
  if (keepPages) {
    const stopForgetting = events.subscribe((event) => {
      if (event.userId) orderPages.forget(event.userId);
    });
    const stopWatching = watchCoinChanges((userId) => coinTotals.forget(userId));
    app.addHook('onClose', async () => {
      stopForgetting();
      stopWatching();
    });
  }

  // A batch of writes that failed (decision 0031): the error's code and the count, never a value.
  const logSplit = (message: string) => (error: unknown, items: number) =>
    app.log.warn({ code: (error as { code?: unknown }).code, items }, message);
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: createAccessTokens(config.auth.jwtSecret, config.auth.accessTokenTtlSeconds),
    secretBox: createSecretBox(config.secretKey, config.previousSecretKeys),
    log: app.log,
    events,
    catalogue,
    orderPages,
    coinTotals,
    placements: createPlacementBatches(database.db, {
      ...WRITE_BATCHES,
      onSplit: logSplit('orders written together failed; each is placed on its own'),
    }),
    paying: createPayingBatches(database.db, {
      ...WRITE_BATCHES,
      onSplit: logSplit('payments written together failed; each is written on its own'),
    }),
    moneyIn: { recordManualPayment: (tx, payment) => recordManualPayment(ctx, tx, payment) },
  };
  app.decorate('ctx', ctx);
  const alerts = startAlerts(ctx);
  // Runs before the hub and the database close: the alerts under way still read their order.
  app.addHook('onClose', () => alerts.stop());
  app.decorate('alerts', alerts);
  const push = startPushNotifications(ctx);
  app.addHook('onClose', () => push.stop());
  app.decorate('push', push);
  // Open orders' game passwords move to the current SECRET_KEY (and the bound v2 format) at start-up.
  await resealOrderPasswords(ctx);

  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // Google Identity Services is the only third-party script the web app loads; the two inline scripts
        // are the colour mode's in the head of every page and the first layout's at the end of its body
        // (packages/shared/src/inline-scripts.ts), each by its hash.
        'script-src': ["'self'", ...INLINE_SCRIPT_SOURCES, 'https://accounts.google.com/gsi/client'],
        'frame-src': ["'self'", 'https://accounts.google.com/gsi/'],
        'connect-src': ["'self'", 'https://accounts.google.com/gsi/'],
        'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Google's sign-in popup needs to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // The web app may be hosted on another origin than the API (spec: a fixed API base address): only the
  // origins in CORS_ORIGINS may call it from a browser; none when unset.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: ['content-type', 'x-api-key', 'authorization', 'idempotency-key', 'last-event-id'],
    });
  }
  await registerRateLimit(app, config);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lucky Shop API', version: '1.0.0', description: 'API của cửa hàng nạp game Lucky Shop' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          accessToken: { type: 'apiKey', in: 'header', name: 'authorization' },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The document still describes the routes (app.swagger()); /docs serves it only when DOCS is on.
  if (config.docs) await app.register(swaggerUi, { routePrefix: '/docs' });

  registerAuth(app, ctx);
  const modules = [
    authRoutes,
    userRoutes,
    walletRoutes,
    catalogRoutes,
    orderRoutes,
    eventRoutes,
    storageRoutes,
    adminOrderRoutes,
    adminCatalogRoutes,
    adminCustomerRoutes,
    paymentRoutes,
    pushRoutes,
  ];
  await app.register(async (api) => {
    // In this order, one after the other.
    for (const routes of modules) await routes(api, ctx);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  const sendIndex = (options.serveWeb ?? true) ? await registerWeb(app, ctx) : null;
  registerNotFound(app, sendIndex);
  return app;
}
