/**
 * The browser's settings (docs/decisions/0001). When the API serves index.html it injects
 * `<script id="app-config" type="application/json">` with the public config; a build meant for a
 * separate API host has no such block and falls back to the VITE_* values baked in at build time.
 */
import { config as configureZod } from 'zod/mini';
import { DEFAULT_DEADLINE_HOUR, DEFAULT_PROMISE_LEAD_MINUTES } from '@lucky/shared/constants';
import { publicConfig, type PublicConfig } from '@lucky/shared/guards';

// zod's first parse of each object schema compiles a parser for it (`new Function`): ~5 ms for this
// module's parse at start-up, for responses the browser parses a few times each (docs/decisions/0020).
// Browser only: zod keeps this setting on globalThis, shared by every copy of zod in a process, and the
// API, which loads the server render (entry-server.tsx), keeps its compiled parsers.
if (typeof document !== 'undefined') configureZod({ jitless: true });

export interface AppConfig extends PublicConfig {
  /** Prefix of every API address, without a trailing slash; '' = the web app's own origin. */
  apiBase: string;
}

/** The build-time values this module reads (a subset of import.meta.env). */
export interface Env {
  DEV?: boolean;
  VITE_API_BASE?: string;
  VITE_API_KEY?: string;
  VITE_GOOGLE_CLIENT_ID?: string;
  VITE_DEMO_SIGN_IN?: string;
  VITE_BANK_BIN?: string;
  VITE_BANK_NAME?: string;
  VITE_BANK_ACCOUNT_NUMBER?: string;
  VITE_BANK_ACCOUNT_HOLDER?: string;
  VITE_SUPPORT_SOCIAL_URL?: string;
  VITE_SUPPORT_CHAT_URL?: string;
  VITE_SUPPORT_MESSENGER_URL?: string;
  VITE_DEADLINE_HOUR?: string;
  VITE_PROMISE_LEAD_MINUTES?: string;
}

const nonEmpty = (value: string | undefined): string | undefined => (value?.trim() ? value.trim() : undefined);
const wholeNumber = (value: string | undefined, fallback: number): number => {
  const text = nonEmpty(value);
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : fallback;
};

/** The settings a build carries when no API injects them (the API's own defaults for local use). */
export function configFromEnv(env: Env): PublicConfig {
  const demo = nonEmpty(env.VITE_DEMO_SIGN_IN) ?? (env.DEV ? 'true' : 'false');
  return {
    api_key: nonEmpty(env.VITE_API_KEY) ?? 'lucky-local-key',
    google_client_id: nonEmpty(env.VITE_GOOGLE_CLIENT_ID) ?? null,
    demo_sign_in: demo === 'true' || demo === '1',
    facebook_enabled: false,
    bank: {
      bin: nonEmpty(env.VITE_BANK_BIN) ?? '970436',
      name: nonEmpty(env.VITE_BANK_NAME) ?? 'Vietcombank',
      account_number: nonEmpty(env.VITE_BANK_ACCOUNT_NUMBER) ?? '0123456789',
      account_holder: nonEmpty(env.VITE_BANK_ACCOUNT_HOLDER) ?? 'CONG TY LUCKY SHOP',
    },
    support: {
      social_url: nonEmpty(env.VITE_SUPPORT_SOCIAL_URL) ?? 'https://www.facebook.com/luckyshop.vn',
      chat_url: nonEmpty(env.VITE_SUPPORT_CHAT_URL) ?? 'https://zalo.me/0900000000',
      messenger_url: nonEmpty(env.VITE_SUPPORT_MESSENGER_URL) ?? 'https://m.me/luckyshop.vn',
    },
    promise: {
      deadline_hour: wholeNumber(env.VITE_DEADLINE_HOUR, DEFAULT_DEADLINE_HOUR),
      lead_minutes: wholeNumber(env.VITE_PROMISE_LEAD_MINUTES, DEFAULT_PROMISE_LEAD_MINUTES),
    },
  };
}

/** The injected block, checked with the shared schema (zod/mini); null when absent or unreadable. */
export function configFromDocument(doc: Document): PublicConfig | null {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) return null;
  try {
    const parsed = publicConfig.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.warn('app-config does not match the public config schema; using build-time settings');
  } catch {
    console.warn('app-config is not valid JSON; using build-time settings');
  }
  return null;
}

export function loadConfig(doc: Document, env: Env): AppConfig {
  const apiBase = (nonEmpty(env.VITE_API_BASE) ?? '').replace(/\/+$/, '');
  return { ...(configFromDocument(doc) ?? configFromEnv(env)), apiBase };
}

/**
 * The browser's settings; on the server (entry-server.tsx), the build-time ones until the API hands
 * over its own with `setServerConfig`, so the HTML it renders names the same support links.
 */
export const config: AppConfig =
  typeof document === 'undefined' ? { ...configFromEnv(import.meta.env), apiBase: '' } : loadConfig(document, import.meta.env);

/** The server: the settings the API injects into the page, for the markup it renders into it. */
export function setServerConfig(value: PublicConfig): void {
  Object.assign(config, value, { apiBase: '' });
}
