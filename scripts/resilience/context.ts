/** The run's settings and shared records, handed to every check. */
import crypto from 'node:crypto';
import type { Session, Shop } from './api.js';
import { type LogBook, type Random, type Resources, type Secrets, hex, secretText } from './harness.js';
import type { Figure } from './types.js';

export interface Settings {
  apiKey: string;
  jwtSecret: string;
  secretKey: string;
  sepayApiKey: string;
  sepayWebhookSecret: string;
  /** The shop's bank account: BANK_ACCOUNT_NUMBER, and the account every genuine notification names. */
  bankAccount: string;
  adminEmail: string;
  /** A staff member's email (STAFF_EMAILS): the order queue and transfers, not the owners' routes. */
  staffEmail: string;
  /** Put in every DATABASE_URL (a trust-auth server ignores it), so it is one more secret to look for. */
  databasePassword: string;
  redisUrl: string | null;
}

export interface Suite {
  resources: Resources;
  logs: LogBook;
  secrets: Secrets;
  random: Random;
  seed: number;
  settings: Settings;
  shop: Shop;
  /** Environment of an API instance: the run's settings, demo sign-in, no rate limits, no sweep. */
  env(extra: Record<string, string>): Record<string, string>;
}

export function makeSettings(redisUrl: string | null): Settings {
  return {
    apiKey: `rs-api-${secretText(18)}`,
    jwtSecret: `rs-jwt-${secretText(30)}`,
    secretKey: `rs-box-${secretText(30)}`,
    sepayApiKey: `rs-sepay-key-${secretText(18)}`,
    sepayWebhookSecret: `rs-sepay-hmac-${secretText(18)}`,
    bankAccount: String(crypto.randomInt(10 ** 11, 10 ** 12)),
    adminEmail: `admin-${hex(4)}@resilience.test`,
    staffEmail: `staff-${hex(4)}@resilience.test`,
    databasePassword: `rs-db-${secretText(15)}`,
    redisUrl,
  };
}

export function instanceEnv(settings: Settings, extra: Record<string, string>): Record<string, string> {
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((key) => (process.env[key] ? [[key, process.env[key]!]] : [])),
  );
  return {
    ...inherited,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    API_KEY: settings.apiKey,
    JWT_SECRET: settings.jwtSecret,
    SECRET_KEY: settings.secretKey,
    AUTH_DEMO: 'true',
    SEED_DEMO: 'true',
    ADMIN_EMAILS: settings.adminEmail,
    STAFF_EMAILS: settings.staffEmail,
    RATE_LIMIT: 'false',
    DEADLINE_SWEEP_SECONDS: '0',
    // A bank feed and a real account belong to a public shop: these instances try them on this machine
    // beside demo sign-in, which the suite's actors use.
    ALLOW_LOCAL_DEFAULTS: 'true',
    SEPAY_API_KEY: settings.sepayApiKey,
    SEPAY_WEBHOOK_SECRET: settings.sepayWebhookSecret,
    BANK_ACCOUNT_NUMBER: settings.bankAccount,
    ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
    ...extra,
  };
}

export const figure = (label: string, value: string | number, ok: boolean, detail?: string): Figure =>
  detail ? { label, value, ok, detail } : { label, value, ok };

/** A check that threw: one failing figure naming the error (never a body or a secret). */
export const failed = (label: string, error: unknown): Figure =>
  figure(label, 'error', false, (error as Error)?.message ?? String(error));

export const fmt = (n: number) => n.toLocaleString('en-US');

export type { Session };
