/**
 * The one readable line `npm start` prints in a terminal: where the shop is, which database it uses and
 * how to sign in. Machines (stdout not a terminal) get the JSON log lines only.
 */
import path from 'node:path';
import { DEMO_ADMIN_EMAIL, type Config } from './config.js';

/** The address a person types: `localhost` for loopback and every-address binds, brackets for IPv6. */
export function shopUrl(host: string, port: number): string {
  const h = host.replace(/^\[(.*)\]$/, '$1');
  const local = ['127.0.0.1', 'localhost', '0.0.0.0', '::'].includes(h);
  const shown = local ? 'localhost' : h.includes(':') ? `[${h}]` : h;
  return `http://${shown}:${port}`;
}

function databaseText(config: Pick<Config, 'database'>, cwd: string): string {
  const { database } = config;
  if (database.kind === 'postgres') {
    // Host, port and database name; never the user's password.
    try {
      const url = new URL(database.url);
      return `PostgreSQL (${url.hostname}:${url.port || '5432'}${url.pathname || '/'})`;
    } catch {
      return 'PostgreSQL';
    }
  }
  if (!database.dataDir) return 'PGlite (in memory)';
  const relative = path.relative(cwd, database.dataDir);
  const shown = !relative.startsWith('..') && !path.isAbsolute(relative) ? `./${relative}` : database.dataDir;
  return `PGlite (${shown})`;
}

function admins(auth: Pick<Config['auth'], 'ownerEmails' | 'staffEmails'>): string {
  const emails = auth.ownerEmails;
  const staff = auth.staffEmails.length > 0 ? ` (and ${auth.staffEmails.length} staff)` : '';
  if (emails.length === 0) return `no owner yet (set OWNER_EMAILS)${staff}`;
  const listed =
    emails.length > 2 ? `${emails.slice(0, 2).join(', ')} and ${emails.length - 2} more` : emails.join(', ');
  return `${listed} ${emails.length === 1 ? 'opens' : 'open'} /admin${staff}`;
}

function signInText(config: Pick<Config, 'auth'>): string {
  const { auth } = config;
  if (auth.demo) {
    const adminText =
      auth.ownerEmails.includes(DEMO_ADMIN_EMAIL) && auth.staffEmails.length === 0 ? `${DEMO_ADMIN_EMAIL} opens /admin` : admins(auth);
    return `sign in with any email; ${adminText}`;
  }
  if (auth.google.clientId) return `sign in with Google; ${admins(auth)}`;
  return 'no sign-in is set up: set GOOGLE_CLIENT_ID (or AUTH_DEMO=true for a local demo)';
}

/**
 * The warning the line ends with when the local defaults are kept beside settings only a public shop needs
 * (ALLOW_LOCAL_DEFAULTS=true): that shop must stay on this machine.
 */
export function localDefaultsWarning(config: Pick<Config, 'localDefaultsKeptWith'>): string | null {
  const kept = config.localDefaultsKeptWith;
  if (kept.length === 0) return null;
  return (
    `⚠ ALLOW_LOCAL_DEFAULTS: the local defaults (demo sign-in, built-in secrets, demo bank account) are allowed although ` +
    `${kept.join(', ')} ${kept.length === 1 ? 'is' : 'are'} set — for trying on this machine only, never for a shop others reach`
  );
}

export function greeting(
  config: Pick<Config, 'host' | 'database' | 'auth' | 'localDefaultsKeptWith'>,
  options: { port: number; webBuilt: boolean; cwd: string },
): string {
  const where =
    shopUrl(config.host, options.port) + (options.webBuilt ? '' : ' (API only: run npm run build for the web app)');
  const warning = localDefaultsWarning(config);
  return `Lucky Shop: ${where} — database: ${databaseText(config, options.cwd)} — ${signInText(config)}${warning ? ` — ${warning}` : ''}`;
}
