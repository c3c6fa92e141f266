/**
 * What a shop in production, or reachable from other machines, refuses to start with. The local defaults
 * (demo sign-in, demo seed, built-in secrets, the default admin, the demo bank account and support links)
 * make `npm start` work with no settings at all; they are public (they are in the source code), so they
 * serve only a shop this machine alone reaches. A shop counts as reachable when it listens beyond loopback,
 * and also when a setting only a public shop needs is present (a proxy on the same machine keeps
 * HOST=127.0.0.1). config.ts applies the defaults and adds these problems to its list
 * (docs/decisions/0012-fail-closed-defaults.md, docs/decisions/0024-owners-staff-reachable-streams.md).
 */
import net from 'node:net';

/** The built-in API key: public, like the local JWT_SECRET and SECRET_KEY below. */
export const DEFAULT_API_KEY = 'lucky-local-key';
/** Local-only fallbacks; production and a public address refuse to start without real ones. */
export const DEV_JWT_SECRET = 'local-development-jwt-secret-change-me-0123456789';
export const DEV_SECRET_KEY = 'local-development-secret-key-change-me-0123456789';
/**
 * Outside production, with demo sign-in on and no ADMIN_EMAILS, this demo address is an admin, so a
 * newcomer can open the admin console right after `npm start`. Never in production.
 */
export const DEMO_ADMIN_EMAIL = 'admin@lucky.local';
/** Where the shop listens when HOST is unset: loopback, so the local defaults serve only this machine. */
export const DEFAULT_HOST = '127.0.0.1';
/** The demo bank account and support links: a stranger's account and links as far as a real shop knows. */
export const DEMO_BANK = {
  BANK_BIN: '970436',
  BANK_NAME: 'Vietcombank',
  BANK_ACCOUNT_NUMBER: '0123456789',
  BANK_ACCOUNT_HOLDER: 'CONG TY LUCKY SHOP',
} as const;
export const DEMO_SUPPORT = {
  SUPPORT_SOCIAL_URL: 'https://www.facebook.com/luckyshop.vn',
  SUPPORT_CHAT_URL: 'https://zalo.me/0900000000',
  SUPPORT_MESSENGER_URL: 'https://m.me/luckyshop.vn',
} as const;

/**
 * Settings only a shop others reach needs: behind a proxy, called by a bank feed, alerting on Telegram,
 * signing in with Google. Any of them present makes the shop count as reachable, whatever HOST says.
 */
export const PUBLIC_SHOP_SETTINGS = [
  'TRUST_PROXY',
  'CORS_ORIGINS',
  'SEPAY_WEBHOOK_SECRET',
  'SEPAY_API_KEY',
  'SEPAY_API_TOKEN',
  'CASSO_SECRET',
  'CASSO_API_KEY',
  'TELEGRAM_BOT_TOKEN',
  'GOOGLE_CLIENT_ID',
] as const;
/** The bank details that, set to anything but the demo's, are a real shop's. */
const REAL_BANK_SETTINGS = ['BANK_ACCOUNT_NUMBER', 'BANK_ACCOUNT_HOLDER'] as const;

/** Printed under the problems when the shop would listen beyond loopback. */
const LOCAL_ONLY_NOTE =
  'The local defaults serve only a shop on loopback: set the values above, or HOST=127.0.0.1 for a shop only ' +
  'this machine reaches (README: Going live).';

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`: addresses only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (!net.isIPv6(h)) return false;
  // The URL parser writes an IPv6 address in one canonical form (::1, ::ffff:7f00:1).
  const canonical = new URL(`http://[${h}]/`).hostname.slice(1, -1);
  return canonical === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}

/**
 * The raw settings the rules read (empty values already removed), with the two on/off settings read as
 * config.ts reads them (undefined: unset or unreadable, which the schema reports).
 */
export interface DeploymentSettings {
  NODE_ENV?: string;
  HOST?: string;
  AUTH_DEMO?: boolean;
  SEED_DEMO?: boolean;
  ALLOW_LOCAL_DEFAULTS?: boolean;
  JWT_SECRET?: string;
  SECRET_KEY?: string;
  API_KEY?: string;
  ADMIN_EMAILS?: string;
  OWNER_EMAILS?: string;
  [setting: string]: string | boolean | undefined;
}

const OFF = ['false', 'off', 'no', '0'];

/**
 * The settings present that only a public shop needs (PUBLIC_SHOP_SETTINGS, real bank details), in that
 * order; empty for a shop on one machine. TRUST_PROXY counts unless it is off.
 */
export function publicShopSettings(source: DeploymentSettings): string[] {
  const present = (key: string) => {
    const value = source[key];
    return typeof value === 'string' && value.trim() !== '';
  };
  const found: string[] = PUBLIC_SHOP_SETTINGS.filter(
    (key) => present(key) && !(key === 'TRUST_PROXY' && OFF.includes(String(source[key]).trim().toLowerCase())),
  );
  for (const key of REAL_BANK_SETTINGS) {
    if (present(key) && String(source[key]).trim() !== DEMO_BANK[key]) found.push(key);
  }
  return found;
}

/** Names a few settings in a message: 'TRUST_PROXY', 'TRUST_PROXY and CASSO_SECRET', 'A, B and 2 more'. */
function settingList(keys: string[]): string {
  if (keys.length <= 2) return keys.join(' and ');
  return `${keys.slice(0, 2).join(', ')} and ${keys.length - 2} more`;
}

/**
 * One line per setting that production or a public address refuses, naming the value that fixes it.
 * Read from the raw settings, so the list is whole even when other values are wrong.
 */
export function deploymentProblems(source: DeploymentSettings): string[] {
  const production = source.NODE_ENV === 'production';
  const host = source.HOST ?? DEFAULT_HOST;
  const publicHost = !isLoopbackHost(host);
  const signs = publicShopSettings(source);
  // A developer trying a webhook or a proxy on one machine keeps the local defaults by saying so; never in
  // production or on a public address.
  const allowLocal = source.ALLOW_LOCAL_DEFAULTS === true && !production && !publicHost;
  const exposed = publicHost || (signs.length > 0 && !allowLocal);
  const problems = new Map<string, string>();
  const add = (key: string, message: string) => {
    if (!problems.has(key)) problems.set(key, `${key}: ${message}`);
  };
  const where = publicHost
    ? `HOST=${host} is reachable from other machines`
    : `${settingList(signs)} ${signs.length === 1 ? 'is' : 'are'} set, so the shop is reachable from other machines`;
  const demo = source.AUTH_DEMO ?? !production;
  // The built-in values count as unset even when written out.
  const builtIn = { JWT_SECRET: DEV_JWT_SECRET, SECRET_KEY: DEV_SECRET_KEY };
  const missing = (key: 'JWT_SECRET' | 'SECRET_KEY') => !source[key] || source[key] === builtIn[key];
  const defaultKey = (source.API_KEY ?? DEFAULT_API_KEY) === DEFAULT_API_KEY;
  const randomValue = (key: string) =>
    `set ${key} to a random value of at least 32 characters (openssl rand -base64 48)`;
  const demoSignIn = 'demo sign-in (any email, no password)';

  if (source.ALLOW_LOCAL_DEFAULTS === true) {
    if (production) {
      add('ALLOW_LOCAL_DEFAULTS', 'the local defaults are never allowed in production — remove ALLOW_LOCAL_DEFAULTS');
    } else if (publicHost) {
      add('ALLOW_LOCAL_DEFAULTS', `the local defaults are never allowed when HOST=${host} is reachable from other machines — remove ALLOW_LOCAL_DEFAULTS`);
    }
  }
  if (production) {
    if (source.AUTH_DEMO === true) {
      add('AUTH_DEMO', `${demoSignIn} is refused in production — set AUTH_DEMO=false or leave it unset`);
    }
    for (const key of ['JWT_SECRET', 'SECRET_KEY'] as const) {
      if (missing(key)) add(key, `is required in production — ${randomValue(key)}`);
    }
    if (defaultKey) {
      add('API_KEY', `must be changed from ${DEFAULT_API_KEY} in production — set API_KEY to a value of your own`);
    }
  }
  if (exposed) {
    if (demo) add('AUTH_DEMO', `${demoSignIn} is on and ${where} — set AUTH_DEMO=false`);
    if (source.SEED_DEMO ?? !production) {
      add('SEED_DEMO', `the demo catalogue seed is on and ${where} — set SEED_DEMO=false`);
    }
    for (const key of ['JWT_SECRET', 'SECRET_KEY'] as const) {
      if (missing(key)) add(key, `the built-in value is public and ${where} — ${randomValue(key)}`);
    }
    if (defaultKey) {
      add('API_KEY', `the default ${DEFAULT_API_KEY} is public and ${where} — set API_KEY to a value of your own`);
    }
    if (!source.ADMIN_EMAILS && !source.OWNER_EMAILS && demo && !production) {
      add('ADMIN_EMAILS', `${DEMO_ADMIN_EMAIL} is the admin by default and ${where} — set OWNER_EMAILS (or ADMIN_EMAILS) to the owners' emails`);
    }
  }
  if (production || exposed) {
    // Customers are shown this account in a QR code and these links for help: a demo value sends them to a stranger.
    const why = production ? 'is required in production' : `is required when ${where}`;
    const demoValue = (key: keyof typeof DEMO_BANK | keyof typeof DEMO_SUPPORT) => {
      const demoValues: Record<string, string> = { ...DEMO_BANK, ...DEMO_SUPPORT };
      return String(source[key] ?? '').trim() === demoValues[key];
    };
    const bankText: Record<keyof typeof DEMO_BANK, string> = {
      BANK_BIN: 'the 6-digit NAPAS BIN of your bank (e.g. 970436 for Vietcombank)',
      BANK_NAME: "your bank's name as customers know it",
      BANK_ACCOUNT_NUMBER: "the shop's own account number",
      BANK_ACCOUNT_HOLDER: "the account holder's name as the bank writes it",
    };
    for (const key of Object.keys(bankText) as (keyof typeof DEMO_BANK)[]) {
      // The demo BIN and bank name are a real bank's: a shop banking there sets the same values.
      const refusedDemo = key === 'BANK_ACCOUNT_NUMBER' || key === 'BANK_ACCOUNT_HOLDER';
      if (!source[key]) add(key, `${why} (customers transfer to it) — set ${key} to ${bankText[key]}`);
      else if (refusedDemo && demoValue(key)) add(key, `${DEMO_BANK[key]} is the demo value and ${why} — set ${key} to ${bankText[key]}`);
    }
    for (const key of Object.keys(DEMO_SUPPORT) as (keyof typeof DEMO_SUPPORT)[]) {
      if (!source[key]) add(key, `${why} (customers ask for help there) — set ${key} to the shop's own link`);
      else if (demoValue(key)) add(key, `${DEMO_SUPPORT[key]} is the demo link and ${why} — set ${key} to the shop's own link`);
    }
  }
  return [...problems.values()];
}

/**
 * A shop on one machine that keeps the local defaults with settings only a public shop needs
 * (ALLOW_LOCAL_DEFAULTS=true): those settings, for the warning in the start-up line; empty otherwise.
 */
export function localDefaultsKeptWith(source: DeploymentSettings): string[] {
  return source.ALLOW_LOCAL_DEFAULTS === true ? publicShopSettings(source) : [];
}

/** What loadConfig prints under the problems: how to stay local, when the shop would listen beyond loopback. */
export const deploymentNote = (source: DeploymentSettings): string | undefined => {
  if (!isLoopbackHost(source.HOST ?? DEFAULT_HOST)) return LOCAL_ONLY_NOTE;
  const signs = publicShopSettings(source);
  if (signs.length === 0 || source.NODE_ENV === 'production' || source.ALLOW_LOCAL_DEFAULTS === true) return undefined;
  return (
    `${settingList(signs)} ${signs.length === 1 ? 'is a setting' : 'are settings'} only a shop others reach needs: set the values ` +
    'above (README: Going live), or ALLOW_LOCAL_DEFAULTS=true to try them on this machine with the local defaults.'
  );
};
