/**
 * What a shop in production, or listening beyond loopback, refuses to start with. The local defaults
 * (demo sign-in, demo seed, built-in secrets, the default admin) make `npm start` work with no settings at
 * all; they are public (they are in the source code), so they serve only a shop this machine alone reaches.
 * config.ts applies the defaults and adds these problems to its list (docs/decisions/0012-fail-closed-defaults.md).
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
  JWT_SECRET?: string;
  SECRET_KEY?: string;
  API_KEY?: string;
  ADMIN_EMAILS?: string;
}

/**
 * One line per setting that production or a public address refuses, naming the value that fixes it.
 * Read from the raw settings, so the list is whole even when other values are wrong.
 */
export function deploymentProblems(source: DeploymentSettings): string[] {
  const production = source.NODE_ENV === 'production';
  const host = source.HOST ?? DEFAULT_HOST;
  const exposed = !isLoopbackHost(host);
  const problems = new Map<string, string>();
  const add = (key: string, message: string) => {
    if (!problems.has(key)) problems.set(key, `${key}: ${message}`);
  };
  const where = `HOST=${host} is reachable from other machines`;
  const demo = source.AUTH_DEMO ?? !production;
  // The built-in values count as unset even when written out.
  const builtIn = { JWT_SECRET: DEV_JWT_SECRET, SECRET_KEY: DEV_SECRET_KEY };
  const missing = (key: 'JWT_SECRET' | 'SECRET_KEY') => !source[key] || source[key] === builtIn[key];
  const defaultKey = (source.API_KEY ?? DEFAULT_API_KEY) === DEFAULT_API_KEY;
  const randomValue = (key: string) =>
    `set ${key} to a random value of at least 32 characters (openssl rand -base64 48)`;
  const demoSignIn = 'demo sign-in (any email, no password)';

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
    if (!source.ADMIN_EMAILS && demo && !production) {
      add('ADMIN_EMAILS', `${DEMO_ADMIN_EMAIL} is the admin by default and ${where} — set ADMIN_EMAILS to your staff's emails`);
    }
  }
  return [...problems.values()];
}

/** What loadConfig prints under the problems: how to stay local, when the shop would listen beyond loopback. */
export const deploymentNote = (host: string | undefined): string | undefined =>
  isLoopbackHost(host ?? DEFAULT_HOST) ? undefined : LOCAL_ONLY_NOTE;
