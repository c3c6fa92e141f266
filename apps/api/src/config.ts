/**
 * The only reader of process.env: every setting is validated at start-up, and a bad value stops the
 * server with the whole list of problems. What production or a public address refuses besides is in
 * config-safety.ts (docs/decisions/0012-fail-closed-defaults.md).
 */
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_COMPENSATION_DAILY_CAP, DEFAULT_DEADLINE_HOUR, DEFAULT_PROMISE_LEAD_MINUTES } from '@lucky/shared';
import {
  DEFAULT_API_KEY,
  DEFAULT_HOST,
  DEMO_ADMIN_EMAIL,
  DEMO_BANK,
  DEMO_SUPPORT,
  DEV_JWT_SECRET,
  DEV_SECRET_KEY,
  deploymentNote,
  deploymentProblems,
  localDefaultsKeptWith,
} from './config-safety.js';

export { DEMO_ADMIN_EMAIL } from './config-safety.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const emailList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/** Which proxies' `X-Forwarded-For` is believed: none, the nearest N hops, or these addresses (IP or CIDR). */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside IPs and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(value: string, ctx: z.RefinementCtx): TrustProxy {
  const v = value.trim().toLowerCase();
  if (['false', 'off', 'no', '0'].includes(v)) return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
  }
  const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = (entry: string) => {
    if (PROXY_RANGE_NAMES.includes(entry)) return true;
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || net.isIP(address) === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (net.isIPv4(address) ? 32 : 128));
  };
  if (entries.length === 0 || !entries.every(valid)) {
    // `true` is refused on purpose: it would believe any client's X-Forwarded-For.
    ctx.addIssue({
      code: 'custom',
      message: 'must be off, a hop count (1 behind one reverse proxy) or a comma-separated list of proxy addresses (IP or CIDR)',
    });
    return z.NEVER;
  }
  return entries;
}

function parseOrigins(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of value.split(',').map((e) => e.trim()).filter(Boolean)) {
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    // An origin is scheme://host[:port] and nothing more; anything else would never match a browser's Origin.
    const bare = entry.replace(/\/$/, '').toLowerCase();
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== bare) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not an origin like https://shop.example.vn` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
}

/**
 * Live streams one process holds at most (EVENT_STREAMS_MAX): every customer with an order page open holds one.
 * An open stream costs about 13 KB of resident memory (bench/results/decisions-measurements.md, "0026"): 10,000
 * fit in the 192 MB old generation `npm run serve` allows, beside the process's own live data. Whatever the cap,
 * a process also refuses new streams when its heap is near its limit (modules/events/streams.ts).
 */
export const DEFAULT_EVENT_STREAMS_MAX = 10_000;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    // Loopback by default: the local defaults (demo sign-in, built-in secrets…) serve only this machine.
    HOST: z.string().default(DEFAULT_HOST),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// address (leave unset for the embedded PGlite)')
      .optional(),
    PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().default('./data'),
    WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
    API_KEY: z.string().min(8).default(DEFAULT_API_KEY),
    AUTH_DEMO: boolean.optional(),
    /** Keep the local defaults although a setting only a public shop needs is present (one machine only). */
    ALLOW_LOCAL_DEFAULTS: boolean.default(false),
    /** Owners: everything in the console. ADMIN_EMAILS, the earlier name, means owners too. */
    OWNER_EMAILS: emailList.optional(),
    ADMIN_EMAILS: emailList.optional(),
    /** Staff: the order queue and the bank transfers (docs/product.md §6). */
    STAFF_EMAILS: emailList.optional(),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_ISSUER: z
      .string()
      .default('https://accounts.google.com,accounts.google.com')
      .transform((v) => v.split(',').map((s) => s.trim())),
    FACEBOOK_GRAPH_URL: z.url().optional(),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    SECRET_KEY_PREVIOUS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .refine((keys) => keys.every((key) => key.length >= 32), 'each key must be at least 32 characters')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// address (leave unset to count rate limits per process)')
      .optional(),
    REDIS_KEY_PREFIX: z.string().max(100).default('lucky:'),
    BANK_BIN: z.string().regex(/^\d{6}$/, 'must be the 6-digit NAPAS bank BIN').default(DEMO_BANK.BANK_BIN),
    BANK_NAME: z.string().min(1).default(DEMO_BANK.BANK_NAME),
    BANK_ACCOUNT_NUMBER: z
      .string()
      .regex(/^[0-9A-Za-z]{1,19}$/, 'must be 1–19 letters or digits')
      .default(DEMO_BANK.BANK_ACCOUNT_NUMBER),
    BANK_ACCOUNT_HOLDER: z.string().min(1).default(DEMO_BANK.BANK_ACCOUNT_HOLDER),
    SUPPORT_SOCIAL_URL: z.url().default(DEMO_SUPPORT.SUPPORT_SOCIAL_URL),
    SUPPORT_CHAT_URL: z.url().default(DEMO_SUPPORT.SUPPORT_CHAT_URL),
    SUPPORT_MESSENGER_URL: z.url().default(DEMO_SUPPORT.SUPPORT_MESSENGER_URL),
    DEADLINE_HOUR: z.coerce.number().int().min(0).max(23).default(DEFAULT_DEADLINE_HOUR),
    // At most 12 hours: the promise stays a same-day or next-day one.
    PROMISE_LEAD_MINUTES: z.coerce.number().int().min(0).max(720).default(DEFAULT_PROMISE_LEAD_MINUTES),
    COMPENSATION_DAILY_CAP: z.coerce.number().int().min(0).max(100_000_000).default(DEFAULT_COMPENSATION_DAILY_CAP),
    DEADLINE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    SEED_DEMO: boolean.optional(),
    RATE_LIMIT: boolean.default(true),
    TRUST_PROXY: z
      .string()
      .transform((v, ctx) => parseTrustProxy(v, ctx))
      .default(false),
    CORS_ORIGINS: z.string().transform((v, ctx) => parseOrigins(v, ctx)).optional(),
    DOCS: boolean.optional(),
    SEPAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SEPAY_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    CASSO_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SEPAY_API_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SEPAY_API_URL: z.url().default('https://my.sepay.vn'),
    CASSO_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    CASSO_API_URL: z.url().default('https://oauth.casso.vn'),
    RECONCILE_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(86_400)
      .refine((seconds) => seconds === 0 || seconds >= 10, 'must be 0 (off) or at least 10 seconds')
      .default(300),
    EVENT_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(25),
    EVENT_STREAMS_MAX: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_EVENT_STREAMS_MAX),
    TELEGRAM_BOT_TOKEN: z.string().optional(),
    TELEGRAM_CHAT_ID: z.string().optional(),
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
    // Web Push on customers' orders (modules/push): the key pair `npm run vapid` prints, and who sends.
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be the base64url public key npm run vapid prints').optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be the base64url private key npm run vapid prints').optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: address or an https:// address of the shop's")
      .optional(),
  })
  .refine(
    (env) => [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length % 3 === 0,
    { path: ['VAPID_PUBLIC_KEY'], message: 'Web Push needs all three of VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (or none)' },
  );

const flag = (value: string | undefined): boolean | undefined => {
  const parsed = boolean.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** dataDir null: an in-memory PGlite (tests). */
type DatabaseConfig = { kind: 'postgres'; url: string; poolMax: number } | { kind: 'pglite'; dataDir: string | null };

/** The settings as the rest of the API reads them: the schema's output is the one definition of `Config`. */
const configSchema = envSchema.transform((env) => {
  const dataDir = path.resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  const demo = env.AUTH_DEMO ?? !production;
  const named = [...(env.OWNER_EMAILS ?? []), ...(env.ADMIN_EMAILS ?? [])];
  const ownerEmails = [...new Set(env.OWNER_EMAILS || env.ADMIN_EMAILS ? named : demo && !production ? [DEMO_ADMIN_EMAIL] : [])];
  const database: DatabaseConfig = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.PG_POOL_MAX }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database,
    dataDir,
    webDist: path.resolve(env.WEB_DIST),
    // src/config.ts and the bundled dist/server.js both sit one level below the package.
    migrationsDir: path.resolve(here, 'db/migrations'),
    apiKey: env.API_KEY,
    auth: {
      demo,
      /** Everything in the console (docs/product.md §6): OWNER_EMAILS and ADMIN_EMAILS. */
      ownerEmails,
      /** The order queue and the bank transfers; an owner listed here too stays an owner. */
      staffEmails: [...new Set(env.STAFF_EMAILS ?? [])].filter((email) => !ownerEmails.includes(email)),
      google: { clientId: env.GOOGLE_CLIENT_ID ?? null, jwksUrl: env.GOOGLE_JWKS_URL, issuers: env.GOOGLE_ISSUER },
      facebook:
        env.FACEBOOK_GRAPH_URL && env.FACEBOOK_APP_ID && env.FACEBOOK_APP_SECRET
          ? { graphUrl: env.FACEBOOK_GRAPH_URL, appId: env.FACEBOOK_APP_ID, appSecret: env.FACEBOOK_APP_SECRET }
          : null,
      jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    },
    secretKey: env.SECRET_KEY ?? DEV_SECRET_KEY,
    /** Earlier SECRET_KEYs, still accepted to open game passwords until they are re-sealed (rotation). */
    previousSecretKeys: env.SECRET_KEY_PREVIOUS ?? [],
    /** Shared rate-limit counts for every process; null: each process counts alone. */
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : null,
    bank: {
      bin: env.BANK_BIN,
      name: env.BANK_NAME,
      accountNumber: env.BANK_ACCOUNT_NUMBER,
      accountHolder: env.BANK_ACCOUNT_HOLDER,
    },
    support: {
      socialUrl: env.SUPPORT_SOCIAL_URL,
      chatUrl: env.SUPPORT_CHAT_URL,
      messengerUrl: env.SUPPORT_MESSENGER_URL,
    },
    deadlineHour: env.DEADLINE_HOUR,
    /**
     * A coin order placed, or a bank order paid, less than this many minutes before the deadline is due at
     * the next day's (docs/decisions/0022-promise-lead-time.md).
     */
    promiseLeadMinutes: env.PROMISE_LEAD_MINUTES,
    /** Late compensation one customer may receive in one shop day, in coins. */
    compensationDailyCap: env.COMPENSATION_DAILY_CAP,
    /** How often the 16:00-promise job runs; 0 turns it off in this process. */
    deadlineSweepSeconds: env.DEADLINE_SWEEP_SECONDS,
    seedDemo: env.SEED_DEMO ?? !production,
    /**
     * Settings only a public shop needs that this shop keeps beside the local defaults (ALLOW_LOCAL_DEFAULTS=true
     * on one machine): the start-up line warns about them. Empty otherwise.
     */
    // Read from the raw settings (some are not in this schema): filled in by loadConfig.
    localDefaultsKeptWith: [] as string[],
    rateLimit: env.RATE_LIMIT,
    /** Whose `X-Forwarded-For` sets `request.ip` (rate-limit keys, logs): off unless behind known proxies. */
    trustProxy: env.TRUST_PROXY,
    /** Origins allowed to call the API from a browser; empty: no cross-origin access. */
    corsOrigins: env.CORS_ORIGINS ?? [],
    /** The OpenAPI document and its UI at /docs. */
    docs: env.DOCS ?? !production,
    /** How often a live stream sends its heartbeat and checks that its sign-in still stands. */
    eventHeartbeatMs: env.EVENT_HEARTBEAT_SECONDS * 1000,
    /** Live streams this process holds at most; beyond, 503 with Retry-After. */
    eventStreamsMax: env.EVENT_STREAMS_MAX,
    /** Bank-feed webhooks; a provider whose setting is unset answers 404 on its path. */
    payments: {
      sepay:
        env.SEPAY_WEBHOOK_SECRET || env.SEPAY_API_KEY
          ? { webhookSecret: env.SEPAY_WEBHOOK_SECRET ?? null, apiKey: env.SEPAY_API_KEY ?? null }
          : null,
      casso: env.CASSO_SECRET ? { secret: env.CASSO_SECRET } : null,
    },
    /**
     * Pulls of the providers' transaction lists, which fill in what the webhooks missed; a provider without
     * its API credential is not pulled. Every `intervalSeconds` (0: only on demand, from the console).
     */
    reconcile: {
      intervalSeconds: env.RECONCILE_SECONDS,
      sepay: env.SEPAY_API_TOKEN ? { apiUrl: env.SEPAY_API_URL.replace(/\/+$/, ''), token: env.SEPAY_API_TOKEN } : null,
      casso: env.CASSO_API_KEY ? { apiUrl: env.CASSO_API_URL.replace(/\/+$/, ''), apiKey: env.CASSO_API_KEY } : null,
    },
    /** Staff alerts on Telegram; null when TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID is unset. */
    telegram:
      env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
        ? { apiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, ''), botToken: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID }
        : null,
    /** Web Push on customers' orders (modules/push); null when the VAPID settings are unset. */
    push:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : null,
  };
});

export type Env = z.input<typeof configSchema>;
export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(
    readonly problems: string[],
    note?: string,
  ) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}${note ? `\n${note}` : ''}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  const settings = {
    ...cleaned,
    AUTH_DEMO: flag(cleaned.AUTH_DEMO),
    SEED_DEMO: flag(cleaned.SEED_DEMO),
    ALLOW_LOCAL_DEFAULTS: flag(cleaned.ALLOW_LOCAL_DEFAULTS),
  };
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)),
    ...deploymentProblems(settings),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems, deploymentNote(settings));
  return { ...parsed.data, localDefaultsKeptWith: localDefaultsKeptWith(settings) };
}
