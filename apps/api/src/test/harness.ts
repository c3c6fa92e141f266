/**
 * Test apps: buildApp with a fresh database, driven through app.inject() (no port, no process).
 * With DATABASE_URL set (postgres://…), each app gets its own freshly created PostgreSQL database,
 * dropped on close; otherwise an in-memory PGlite.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.js';
import { loadConfig, type Config, type Env } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createPostgresDatabase } from './postgres-database.js';

export const TEST_API_KEY = 'test-api-key-0123456789';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** app.inject with the API key already set; pass `token` to sign the request. */
  request(options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse>;
  /** Signs in through the demo provider; returns the token pair. */
  signIn(email: string): Promise<{ access_token: string; refresh_token: string; userId: string }>;
  close(): Promise<void>;
}

// The API's PostgreSQL tests import it from here (a database of their own beside the harness's).
export { createPostgresDatabase } from './postgres-database.js';

export function testConfig(overrides: Env = {}, databaseUrl?: string): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    API_KEY: TEST_API_KEY,
    AUTH_DEMO: 'true',
    SEED_DEMO: 'false',
    RATE_LIMIT: 'false',
    ADMIN_EMAILS: 'admin@lucky.test',
    DATABASE_URL: databaseUrl,
    ...overrides,
  } as Record<string, string | undefined>);
  // Without a server, every test app gets its own in-memory PGlite: nothing is shared or left on disk.
  return config.database.kind === 'pglite' ? { ...config, database: { kind: 'pglite', dataDir: null } } : config;
}

/** A database several test apps use in turn (a restart with other settings); close it after them. */
export interface TestDatabase {
  database: Database;
  /** The PostgreSQL address, undefined on PGlite. */
  url: string | undefined;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  // eslint-disable-next-line no-restricted-properties -- the test harness picks the engine under test
  const serverUrl = process.env.DATABASE_URL;
  const pgDb = serverUrl ? await createPostgresDatabase(serverUrl) : null;
  const database = await openDatabase(testConfig({}, pgDb?.url));
  return {
    database,
    url: pgDb?.url,
    async close() {
      await database.close();
      await pgDb?.drop();
    },
  };
}

export interface TestAppOptions {
  /** A database shared with other test apps, which outlives this one; by default a fresh one of its own. */
  database?: TestDatabase;
  /** Where the app's log lines go (set LOG_LEVEL too: tests default to silent). */
  logStream?: DestinationStream;
  /** Adds test-only routes or hooks before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void;
}

export async function createTestApp(overrides: Env = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const own = options.database ? null : await createTestDatabase();
  const { database, url } = options.database ?? own!;
  const config = testConfig(overrides, url);
  const app = await buildApp(config, { database, ownsDatabase: own !== null, serveWeb: false, logStream: options.logStream });
  options.beforeReady?.(app);
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, ...options }) =>
    app.inject({
      ...options,
      headers: { 'x-api-key': TEST_API_KEY, ...(token ? { authorization: token } : {}), ...headers },
    });

  return {
    app,
    config,
    request,
    async signIn(email) {
      const res = await request({
        method: 'POST',
        url: '/auth/api/v1/auth/demo-sign-in',
        payload: { user_access_token: email },
      });
      if (res.statusCode !== 200) throw new Error(`demo sign-in failed: ${res.statusCode} ${res.body}`);
      const tokens = res.json() as { access_token: string; refresh_token: string };
      const me = await request({ method: 'GET', url: '/user/api/v1/user', token: tokens.access_token });
      return { ...tokens, userId: (me.json() as { id: string }).id };
    },
    async close() {
      await app.close();
      await own?.close();
    },
  };
}
