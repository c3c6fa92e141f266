/**
 * The only reader of process.env (STYLE.md: config once). Every setting is validated at start-up;
 * a bad value stops the server with the whole list of problems.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// address (leave unset for the embedded PGlite)')
      .optional(),
    PG_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    DATA_DIR: z.string().default('./data'),
    WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
    API_KEY: z.string().min(8).default('lucky-local-key'),
    AUTH_DEMO: boolean.optional(),
    ADMIN_EMAILS: emailList.optional(),
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
    BANK_BIN: z.string().regex(/^\d{6}$/, 'must be the 6-digit NAPAS bank BIN').default('970436'),
    BANK_NAME: z.string().min(1).default('Vietcombank'),
    BANK_ACCOUNT_NUMBER: z.string().regex(/^[0-9A-Za-z]{1,19}$/, 'must be 1–19 letters or digits').default('0123456789'),
    BANK_ACCOUNT_HOLDER: z.string().min(1).default('CONG TY LUCKY SHOP'),
    SUPPORT_SOCIAL_URL: z.url().default('https://www.facebook.com/luckyshop.vn'),
    SUPPORT_CHAT_URL: z.url().default('https://zalo.me/0900000000'),
    SUPPORT_MESSENGER_URL: z.url().default('https://m.me/luckyshop.vn'),
    DEADLINE_HOUR: z.coerce.number().int().min(0).max(23).default(16),
    DEADLINE_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    SEED_DEMO: boolean.optional(),
    RATE_LIMIT: boolean.default(true),
    SEPAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    SEPAY_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    CASSO_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    EVENT_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(25),
    TELEGRAM_BOT_TOKEN: z.string().optional(),
    TELEGRAM_CHAT_ID: z.string().optional(),
    TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  });

/** What production refuses to start without; checked even when other values are wrong, so the list is whole. */
function productionProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const key of ['JWT_SECRET', 'SECRET_KEY'] as const) {
    if (!source[key]) problems.push(`${key}: is required in production`);
  }
  if ((source.API_KEY ?? 'lucky-local-key') === 'lucky-local-key') {
    problems.push('API_KEY: must be changed from the local default in production');
  }
  return problems;
}

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** dataDir null: an in-memory PGlite (tests). */
  database: { kind: 'postgres'; url: string; poolMax: number } | { kind: 'pglite'; dataDir: string | null };
  dataDir: string;
  webDist: string;
  migrationsDir: string;
  apiKey: string;
  auth: {
    demo: boolean;
    adminEmails: string[];
    google: { clientId: string | null; jwksUrl: string; issuers: string[] };
    facebook: { graphUrl: string; appId: string; appSecret: string } | null;
    jwtSecret: string;
    accessTokenTtlSeconds: number;
    refreshTokenTtlDays: number;
  };
  secretKey: string;
  bank: { bin: string; name: string; accountNumber: string; accountHolder: string };
  support: { socialUrl: string; chatUrl: string; messengerUrl: string };
  deadlineHour: number;
  /** How often the 16:00-promise job runs; 0 turns it off in this process. */
  deadlineSweepSeconds: number;
  seedDemo: boolean;
  rateLimit: boolean;
  /** How often a live stream sends its heartbeat and checks that its sign-in still stands. */
  eventHeartbeatMs: number;
  /** Bank-feed webhooks; a provider whose setting is unset answers 404 on its path. */
  payments: {
    sepay: { webhookSecret: string | null; apiKey: string | null } | null;
    casso: { secret: string } | null;
  };
  /** Staff alerts on Telegram; null when TELEGRAM_BOT_TOKEN or TELEGRAM_CHAT_ID is unset. */
  telegram: { apiUrl: string; botToken: string; chatId: string } | null;
}

/** Local-only fallbacks; production refuses to start without real ones. */
const DEV_JWT_SECRET = 'local-development-jwt-secret-change-me-0123456789';
const DEV_SECRET_KEY = 'local-development-secret-key-change-me-0123456789';

/**
 * Outside production, with demo sign-in on and no ADMIN_EMAILS, this demo address is an admin, so a
 * newcomer can open the admin console right after `npm start`. Never in production.
 */
export const DEMO_ADMIN_EMAIL = 'admin@lucky.local';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)),
    ...productionProblems(cleaned),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  const demo = env.AUTH_DEMO ?? !production;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolMax: env.PG_POOL_MAX }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    webDist: path.resolve(env.WEB_DIST),
    // src/config.ts and the bundled dist/server.js both sit one level below the package.
    migrationsDir: path.resolve(here, 'db/migrations'),
    apiKey: env.API_KEY,
    auth: {
      demo,
      adminEmails: env.ADMIN_EMAILS ?? (demo && !production ? [DEMO_ADMIN_EMAIL] : []),
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
    deadlineSweepSeconds: env.DEADLINE_SWEEP_SECONDS,
    seedDemo: env.SEED_DEMO ?? !production,
    rateLimit: env.RATE_LIMIT,
    eventHeartbeatMs: env.EVENT_HEARTBEAT_SECONDS * 1000,
    payments: {
      sepay:
        env.SEPAY_WEBHOOK_SECRET || env.SEPAY_API_KEY
          ? { webhookSecret: env.SEPAY_WEBHOOK_SECRET ?? null, apiKey: env.SEPAY_API_KEY ?? null }
          : null,
      casso: env.CASSO_SECRET ? { secret: env.CASSO_SECRET } : null,
    },
    telegram:
      env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
        ? { apiUrl: env.TELEGRAM_API_URL.replace(/\/+$/, ''), botToken: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID }
        : null,
  };
}
