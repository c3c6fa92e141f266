import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from './log.js';
import { requestLogger } from './request-logger.js';

/** A pino logger at `level` with the app's redaction, its lines parsed, and how many children it made. */
function appLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logger = pino({ level, redact: { paths: REDACT_PATHS, censor: '[hidden]' } }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof logger.child>) => {
    children++;
    return child(...args);
  }) as typeof logger.child;
  return { logger: logger as unknown as FastifyBaseLogger, lines, children: () => children };
}

describe("a request's logger", () => {
  it('writes nothing and makes no child for lines below the level', () => {
    const app = appLogger('warn');
    const log = requestLogger(app.logger, { reqId: 'req-1' }, {});

    log.info({ url: '/order/api/v1/order' }, 'incoming request');
    log.debug('detail');

    expect(app.lines).toEqual([]);
    expect(app.children()).toBe(0);
    expect(log.level).toBe('warn');
  });

  it("carries the request's id on every line it writes, from one child, with secrets hidden", () => {
    const app = appLogger('warn');
    const log = requestLogger(app.logger, { reqId: 'req-2' }, {});

    log.warn({ headers: { authorization: 'Bearer bi-mat' } }, 'bank-feed notification refused');
    log.error({ order_pass: 'mat-khau' }, 'unhandled error');
    log.info('below the level');

    expect(app.lines).toMatchObject([
      { reqId: 'req-2', level: 40, msg: 'bank-feed notification refused', headers: { authorization: '[hidden]' } },
      { reqId: 'req-2', level: 50, msg: 'unhandled error', order_pass: '[hidden]' },
    ]);
    expect(app.children()).toBe(1);
  });

  it("makes a route's child at once when the route has a level of its own", () => {
    const app = appLogger('warn');
    const log = requestLogger(app.logger, { reqId: 'req-3' }, { level: 'info' });

    log.info('route at info');

    expect(app.children()).toBe(1);
    expect(app.lines).toMatchObject([{ reqId: 'req-3', msg: 'route at info' }]);
  });

  it('is the silent logger itself when logging is off', () => {
    const silent = {
      child: () => silent,
      info() {},
      warn() {},
      error() {},
      debug() {},
      fatal() {},
      trace() {},
      level: 'silent',
    };
    const log = requestLogger(silent as unknown as FastifyBaseLogger, { reqId: 'req-4' }, {});
    expect(log).toBe(silent);
  });
});
