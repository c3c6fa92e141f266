/**
 * Rate limits (routes opt in with `config.rateLimit`; a limit answers 429 with the Vietnamese message and
 * `Retry-After`, see plugins/errors.ts). With REDIS_URL every process counts in one Redis, through
 * @fastify/rate-limit's `redis` option (its own Redis store, keys under REDIS_KEY_PREFIX), so a limit holds
 * behind a load balancer; without it each process counts alone.
 *
 * Redis trouble never takes the shop down: commands fail fast (no offline queue, a short timeout) and the
 * plugin lets a request through when its check fails (`skipOnError`). The plugin says nothing when it
 * does, so the trouble is logged from the Redis client: a lost connection, failed reconnections, and a
 * health check that notices a Redis that is connected but no longer answers — once, then at most once a
 * minute, until Redis answers again.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';

/** A rate-limit check waits this long for Redis at most (it normally answers in well under 1 ms). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const LOG_EVERY_MS = 60_000;
/** How often the client checks that Redis answers, also while no request needs it. */
const HEALTH_CHECK_EVERY_MS = 10_000;
/** How long start-up waits for a first connection; after it the shop starts anyway and counts alone until Redis answers. */
const REDIS_START_WAIT_MS = 2_000;

/** Logs Redis trouble (rate limits are not enforced meanwhile) without flooding the log, and its end. */
function watchRedis(redis: Redis, log: FastifyBaseLogger): { stop(): void } {
  let failing = false;
  let lastLoggedAt = 0;
  let stopped = false;
  const failed = (reason: string) => {
    const now = Date.now();
    if (stopped || (failing && now - lastLoggedAt < LOG_EVERY_MS)) return;
    log.warn({ reason }, 'redis unavailable: rate limits are not enforced until it answers again');
    failing = true;
    lastLoggedAt = now;
  };
  const recovered = () => {
    if (!failing || stopped) return;
    failing = false;
    log.info('redis answers again: rate limits are shared again');
  };
  // ioredis reconnects by itself; its connection errors come as events (without a listener they reach stderr).
  redis.on('error', (error: Error) => failed(error.message));
  redis.on('close', () => failed('connection closed'));
  redis.on('ready', recovered);
  const timer = setInterval(() => {
    redis.ping().then(recovered, (error: Error) => failed(error.message));
  }, HEALTH_CHECK_EVERY_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
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
  const redis = new Redis(config.redis.url, {
    // Fail at once while disconnected instead of queueing: a request must not wait for Redis to return.
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectionName: 'lucky-rate-limit',
  });
  const watch = watchRedis(redis, app.log);
  app.addHook('onClose', async () => {
    watch.stop();
    redis.disconnect();
  });
  await waitUntilReady(redis, REDIS_START_WAIT_MS);
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redis.keyPrefix}rate-limit:`,
    skipOnError: true,
  });
}
