/**
 * Each request's logger, made when the request first logs (Fastify's `childLoggerFactory`, decision 0046).
 *
 * Fastify gives every request a child of the app's logger bound to its id. Making one serialises and redacts
 * those bindings (lib/log.ts's redaction paths), a few per cent of an order's CPU; yet at the level a busy shop
 * runs at (`warn`), almost no request writes a line. The logger here answers as that child would, and makes it
 * on the first line the request writes at a level that is on: every line still carries the request's id.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

type LogMethod = (...args: unknown[]) => void;

class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}

  /** The request's child, made once. */
  get made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  get level(): string {
    return this.#child ? this.#child.level : this.parent.level;
  }

  set level(level: string) {
    this.made.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made.child(bindings, options);
  }

  silent(): void {}

  /** A line at `level`: the child is made only when the line will be written. */
  write(level: Level, args: unknown[]): void {
    const logger = this.#child ?? (this.parent.isLevelEnabled(level) ? this.made : undefined);
    if (logger) (logger[level] as LogMethod)(...args);
  }
}

for (const level of LEVELS) {
  Object.defineProperty(RequestLogger.prototype, level, {
    value: function (this: RequestLogger, ...args: unknown[]): void {
      this.write(level, args);
    },
  });
}

/**
 * Fastify's `childLoggerFactory`. A route with a log level or serializers of its own gets its child at once, as
 * Fastify would make it; the app sets neither, so every request gets the lazy one. A logger that is not pino's
 * (Fastify's silent one, when logging is off) makes its children as it always did.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const eager =
    options.level !== undefined ||
    options.serializers !== undefined ||
    typeof (logger as Partial<Logger>).isLevelEnabled !== 'function';
  if (eager) return logger.child(bindings, options);
  return new RequestLogger(logger as Logger, bindings) as unknown as FastifyBaseLogger;
}
