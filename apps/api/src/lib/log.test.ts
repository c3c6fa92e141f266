import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import {
  BANK_FEED_ENV,
  CASSO_SECRET,
  SEPAY_API_KEY,
  SEPAY_SECRET,
  cassoSignature,
  sepaySignature,
} from '../modules/payments/webhook-fixtures.js';
import { createPlatform, createStoreItem } from '../test/fixtures.js';
import { TEST_API_KEY, createTestApp, type TestApp } from '../test/harness.js';
import { createErrorSerializer, createMask, safeUrl, scrubSql } from './log.js';

/** Every line the app logs, as written. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const output = () => lines.join('');

const GAME_PASSWORD = 'Pa55-of-the-GAME-7781';
const JWT_SECRET = 'log-test-jwt-secret-0123456789abcdefghij';
const SECRET_KEY = 'log-test-secret-key-0123456789abcdefghij';
const TELEGRAM_TOKEN = '123456789:AAlogtestTelegramBotToken_abcdefghij';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      JWT_SECRET,
      SECRET_KEY,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '-100123',
      TELEGRAM_API_URL: 'http://127.0.0.1:9/telegram',
      ...BANK_FEED_ENV,
    },
    {
      logStream: capture,
      beforeReady(app) {
        // A handler whose query fails with the body's game password among its parameters.
        app.post('/test/failing-query', { schema: { hide: true } }, async (request) => {
          const { order_pass: pass } = request.body as { order_pass: string };
          await app.ctx.db.insert(users).values({ id: 'not-a-uuid', email: pass, name: pass, provider: 'test' });
          return { ok: true };
        });
        // Careless code that logs a whole request.
        app.post('/test/careless', { schema: { hide: true } }, async (request) => {
          request.log.info({ headers: request.headers, body: request.body, query: request.query }, 'careless');
          return { ok: true };
        });
      },
    },
  );
});
afterAll(async () => {
  await t?.close();
});

const caught = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the query to fail');
};

describe('database errors in the log', () => {
  it('never carry the failing query’s parameters, yet say what failed', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/test/failing-query',
      payload: { order_pass: GAME_PASSWORD },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(GAME_PASSWORD);
    const logged = output();
    expect(logged).toContain('unhandled error');
    expect(logged).not.toContain(GAME_PASSWORD);
    expect(logged).not.toContain('not-a-uuid');
    // What an operator needs stays: the statement (without values), the database's message and code.
    expect(logged).toContain('Failed query: insert into \\"users\\"');
    expect(logged).toContain('invalid input syntax for type uuid');
    expect(logged).toContain('22P02');
  });

  it.each([
    ['a parameter', (pass: string) => sql`select ${pass}::int`],
    ['an inline literal', (pass: string) => sql.raw(`select '${pass}'::int`)],
  ])('never carry %s that the database quotes in its message', async (_name, query) => {
    const error = (await caught(() => t.app.ctx.db.execute(query(GAME_PASSWORD)))) as Error & { cause?: Error };
    // The database and Drizzle both put the value in their messages: the serializer must be what keeps it out.
    expect(`${error.message} ${error.cause?.message}`).toContain(GAME_PASSWORD);
    lines.length = 0;
    t.app.log.error({ err: error }, 'query failed');
    expect(output()).toContain('query failed');
    expect(output()).toContain('invalid input syntax for type integer');
    expect(output()).not.toContain(GAME_PASSWORD);
  });

  it('scrubs a check violation’s failing row and a duplicate key’s value (in one transaction: temporary tables)', async () => {
    const errors: unknown[] = [];
    await t.app.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table log_probe (v text unique check (length(v) < 100)) on commit drop`);
        await tx.execute(sql`insert into log_probe values (${GAME_PASSWORD})`);
        errors.push(
          await caught(() =>
            tx.execute(sql`savepoint a`).then(() => tx.execute(sql`insert into log_probe values (${GAME_PASSWORD})`)),
          ),
        );
        await tx.execute(sql`rollback to savepoint a`);
        errors.push(await caught(() => tx.execute(sql`insert into log_probe values (${GAME_PASSWORD.repeat(10)})`)));
        throw new Error('roll back');
      })
      .catch(() => {});
    const [duplicate, check] = errors as [
      Error & { cause?: { detail?: string } },
      Error & { cause?: { detail?: string } },
    ];
    // The database put the value in its detail: the serializer must be what keeps it out.
    expect(duplicate.cause?.detail ?? '').toContain(GAME_PASSWORD);
    expect(check.cause?.detail ?? '').toContain(GAME_PASSWORD);
    lines.length = 0;
    t.app.log.error({ err: duplicate }, 'duplicate');
    t.app.log.error({ err: check }, 'check');
    const logged = output();
    expect(logged).not.toContain(GAME_PASSWORD);
    expect(logged).toContain('Key (v)=(…) already exists');
    expect(logged).toContain('Failing row contains (…)');
  });
});

describe('requests carrying secrets', () => {
  it('leave none of them in the log, whatever logs the request', async () => {
    const platform = await createPlatform(t.app.ctx.db, { name: 'Liên Quân Log', needLogin: true });
    const item = await createStoreItem(t.app.ctx.db, platform.id);
    lines.length = 0;

    const signedIn = await t.request({
      method: 'POST',
      url: '/auth/api/v1/auth/demo-sign-in',
      payload: { user_access_token: 'log-user@lucky.test' },
    });
    const { access_token: accessToken, refresh_token: refreshToken } = signedIn.json() as {
      access_token: string;
      refresh_token: string;
    };
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/api/v1/auth/refresh-token',
      payload: { refresh_token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const placed = await t.request({
      method: 'POST',
      url: '/order/api/v1/order',
      token: accessToken,
      payload: {
        order_bank_name: 'Nguyễn Văn An',
        order_contact: 'zalo 0901234567',
        order_account: 'an.nguyen@gmail.com',
        order_pass: GAME_PASSWORD,
        order_server: 'Asia',
        order_uid: '',
        order_comment: '',
        order_pay_method: 1,
        order_items: [{ id: item.id, quantity: 1 }],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);

    const sepayRaw = JSON.stringify({ id: 1, gateway: 'VCB' });
    const sepayHeaders = sepaySignature(sepayRaw);
    await t.app.inject({
      method: 'POST',
      url: '/payment/api/v1/webhook/sepay',
      payload: sepayRaw,
      headers: { 'content-type': 'application/json', ...sepayHeaders },
    });
    await t.app.inject({
      method: 'POST',
      url: '/payment/api/v1/webhook/sepay',
      payload: sepayRaw,
      headers: { 'content-type': 'application/json', authorization: `Apikey ${SEPAY_API_KEY}` },
    });
    const cassoHeaders = cassoSignature({ data: {} });
    await t.app.inject({
      method: 'POST',
      url: '/payment/api/v1/webhook/casso',
      payload: { data: {} },
      headers: cassoHeaders,
    });

    const careless = await t.app.inject({
      method: 'POST',
      url: `/test/careless?api_key=${TEST_API_KEY}&refresh_token=${refreshToken}&page=2`,
      headers: {
        authorization: accessToken,
        'x-api-key': TEST_API_KEY,
        cookie: `session=${refreshToken}`,
        ...sepayHeaders,
        ...cassoHeaders,
      },
      payload: {
        order_pass: GAME_PASSWORD,
        user_access_token: accessToken,
        refresh_token: refreshToken,
        nested: { order_pass: GAME_PASSWORD },
      },
    });
    expect(careless.statusCode).toBe(200);

    const logged = output();
    expect(logged).toContain('careless');
    expect(logged).toContain('[hidden]');
    // The request line keeps what is not secret.
    expect(logged).toContain('page=2');
    for (const secret of [
      GAME_PASSWORD,
      accessToken,
      refreshToken,
      TEST_API_KEY,
      sepayHeaders['x-sepay-signature'],
      cassoHeaders['x-casso-signature'],
      SEPAY_API_KEY,
    ]) {
      expect(logged.includes(secret), `a secret reached the log: ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('masks a configured secret wherever it would appear, as the last net', () => {
    lines.length = 0;
    t.app.log.warn(`tried ${TEST_API_KEY} ${JWT_SECRET} ${SECRET_KEY} ${SEPAY_SECRET} ${CASSO_SECRET}`);
    t.app.log.error(
      { err: new Error(`POST https://api.telegram.org/bot${TELEGRAM_TOKEN}/sendMessage failed`) },
      'telegram',
    );
    const logged = output();
    for (const secret of [TEST_API_KEY, JWT_SECRET, SECRET_KEY, SEPAY_SECRET, CASSO_SECRET, TELEGRAM_TOKEN]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('tried [hidden]');
  });
});

describe('the pieces', () => {
  it('drops a Drizzle error’s parameters and keeps the statement without literals', () => {
    const error = Object.assign(
      new Error(`Failed query: select * from t where a = $1 and b = 'x'\nparams: ${GAME_PASSWORD},2`),
      {
        query: "select * from t where a = $1 and b = 'x'",
        params: [GAME_PASSWORD, 2],
        cause: Object.assign(new Error('boom'), {
          code: '23505',
          detail: `Key (email)=(${GAME_PASSWORD}) already exists.`,
          constraint: 'users_email',
        }),
      },
    );
    const serialized = createErrorSerializer()(error) as Record<string, unknown>;
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(GAME_PASSWORD);
    expect(serialized).not.toHaveProperty('params');
    expect(serialized.query).toBe("select * from t where a = $1 and b = '?'");
    expect(serialized.message).toBe("Failed query: select * from t where a = $1 and b = '?'");
    expect(serialized.cause).toMatchObject({
      code: '23505',
      constraint: 'users_email',
      detail: 'Key (email)=(…) already exists.',
    });
  });

  it('scrubs SQL literals, secret query values and URL passwords', () => {
    expect(scrubSql("select 'a''b', $$x$$, E'\\n' from t")).toBe("select '?', $$?$$, '?' from t");
    expect(safeUrl('/x?token=abc&page=2&apiKey=k')).toBe('/x?token=[hidden]&page=2&apiKey=[hidden]');
    expect(createMask([])('connect postgres://shop:s3cret@db:5432/lucky failed')).toBe(
      'connect postgres://shop:[hidden]@db:5432/lucky failed',
    );
  });
});
