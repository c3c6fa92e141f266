/**
 * Rate limits (routes opt in with `config.rateLimit`; a limit answers 429 with the Vietnamese message and
 * `Retry-After`, see plugins/errors.ts). With REDIS_URL every process counts in one Redis, through
 * @fastify/rate-limit's own Redis store, so a limit holds behind a load balancer; without it each
 * process counts alone.
 *
 * Redis trouble never takes the shop down: commands fail fast (no offline queue, a short timeout), a
 * check that fails lets the request through (`skipOnError`), and the failures are logged — once, then
 * at most once a minute with how many checks were skipped — until Redis answers again.
 */
import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/** A rate-limit check waits this long for Redis at most (it normally answers in well under 1 ms). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const LOG_EVERY_MS = 60_000;
/** How long start-up waits for a first connection; after it the shop starts anyway and counts alone until Redis answers. */
const REDIS_START_WAIT_MS = 2_000;

/** @fastify/rate-limit's Redis store (store/RedisStore.js, CommonJS without its own types). */
interface PluginStore {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => PluginStore;
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/** Reports Redis trouble without flooding the log; says so once Redis is back. */
function troubleLog(log: FastifyBaseLogger) {
  let failing = false;
  let skipped = 0;
  let lastLoggedAt = 0;
  return {
    /** `skippedCheck` false: a connection error reported by the client, not a request let through. */
    failed(error: unknown, skippedCheck = true) {
      if (skippedCheck) skipped += 1;
      const now = Date.now();
      if (failing && now - lastLoggedAt < LOG_EVERY_MS) return;
      log.warn(
        { reason: error instanceof Error ? error.message : String(error), skippedChecks: skipped },
        'redis unavailable: rate limits are not enforced until it answers again',
      );
      failing = true;
      lastLoggedAt = now;
      skipped = 0;
    },
    recovered() {
      if (!failing) return;
      failing = false;
      log.info({ skippedChecks: skipped }, 'redis answers again: rate limits are shared again');
      skipped = 0;
    },
  };
}

/** The plugin's Redis store, reporting each failed check before the plugin skips it. */
function loggedRedisStore(redis: Redis, nameSpace: string, trouble: ReturnType<typeof troubleLog>): FastifyRateLimitStoreCtor {
  const wrap = (inner: PluginStore): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow, max) {
      inner.incr(
        key,
        (error, result) => {
          if (error) trouble.failed(error);
          else trouble.recovered();
          callback(error, result);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => wrap(inner.child(routeOptions)),
  });
  // The plugin calls `new Store(options)`; a constructor may hand back another object.
  return function Store(options: RateLimitOptions) {
    return wrap(new RedisStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, nameSpace));
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Resolves once the client is connected, or after `ms` (the caller goes on either way). */
function waitUntilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}

export async function registerRateLimit(app: FastifyInstance, config: Pick<Config, 'redis'>): Promise<void> {
  if (!config.redis) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const trouble = troubleLog(app.log);
  const redis = new Redis(config.redis.url, {
    // Fail at once while disconnected instead of queueing: a request must not wait for Redis to return.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectionName: 'lucky-rate-limit',
  });
  // Connection errors come as events (ioredis reconnects by itself); without a listener they reach stderr.
  redis.on('error', (error: Error) => trouble.failed(error, false));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  await waitUntilReady(redis, REDIS_START_WAIT_MS);
  await app.register(rateLimit, {
    global: false,
    store: loggedRedisStore(redis, `${config.redis.keyPrefix}rate-limit:`, trouble),
    skipOnError: true,
  });
}
