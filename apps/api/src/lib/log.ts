/**
 * What a log line may carry (docs/architecture.md "Where each rule lives": game passwords are never logged). By construction, not by luck:
 * - `err` goes through a serializer that keeps an error's type, code and scrubbed text and drops the rest:
 *   a Drizzle/pg/PGlite query error carries its parameters (game passwords, tokens, raw webhook bodies)
 *   and often values in its message or detail (`Key (email)=(…)`, `Failing row contains (…)`);
 * - secret headers and body fields are redacted wherever a request or body is logged;
 * - the request line keeps its path and drops the values of query parameters that look like secrets;
 * - as a last net, every configured secret's value is masked in each line before it is written.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Config } from '../config.js';

export const HIDDEN = '[hidden]';

const SECRET_HEADERS = ['authorization', 'x-api-key', 'cookie', 'set-cookie', 'x-sepay-signature', 'x-casso-signature'];
const SECRET_FIELDS = [
  'order_pass',
  'orderPass',
  'user_access_token',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'password',
  'apiKey',
  'api_key',
  'secret',
  'botToken',
];

/** Paths for pino's redaction: headers of any logged request, secret fields of any logged body, two levels deep. */
export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`headers["${h}"]`, `*.headers["${h}"]`]),
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /(token|key|secret|pass|signature)/i;

/** A request line without the values of secret-looking query parameters. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY.test(decodeURIComponentSafe(name)) ? `${name}=${HIDDEN}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** SQL text without its literals: parameters travel separately, but `sql.raw` or inline values could carry data. */
export function scrubSql(sql: string): string {
  return sql.replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, '$$$1$$?$$$1$$').replace(/[EeXxBbNn]?'(?:[^']|'')*'/g, "'?'");
}

/** PostgreSQL messages and details that quote the offending value; the identifiers they name stay. */
function scrubDatabaseText(text: string): string {
  return (
    text
      // Drizzle: "Failed query: <sql>\nparams: <every parameter>" — keep the (scrubbed) query only.
      .replace(/^(Failed query: )([\s\S]*?)\nparams: [\s\S]*$/, (_m, head: string, sql: string) => head + scrubSql(sql))
      // invalid input syntax for type uuid: "…", invalid input value for enum x: "…", … out of range: "…"
      .replace(/(: )"[\s\S]*"$/, '$1"…"')
      .replace(/\bvalue "[\s\S]*?" is out of range/g, 'value "…" is out of range')
      .replace(/\binvalid value "[\s\S]*?" for\b/g, 'invalid value "…" for')
      // details: Key (email)=(…) already exists. / Failing row contains (…). / Token "…" is invalid.
      .replace(/\)=\([\s\S]*\)(?= already exists| is not present| is still referenced| conflicts with|\.?$)/g, ')=(…)')
      .replace(/Failing row contains \([\s\S]*\)/g, 'Failing row contains (…)')
      .replace(/\bToken "[\s\S]*?" is invalid/g, 'Token "…" is invalid')
  );
}

/** Error fields that carry data rather than describe the failure: never logged. */
const DROPPED = new Set([
  'params',
  'parameters',
  'queryOptions',
  'values',
  'body',
  'headers',
  'request',
  'response',
  'config',
  'raw',
]);
/** Error fields named like a secret: never logged, whatever error carries them. */
const SECRET_NAMED = /(token|secret|pass|authorization|signature|api_?key)/i;
/** Error fields that are text about the failure, kept once scrubbed. */
const SCRUBBED = new Set(['detail', 'hint', 'context']);

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  aggregateErrors?: SerializedError[];
  [field: string]: unknown;
}

/**
 * Builds the `err` serializer. `mask` replaces known secret values in any text it keeps. Only primitive
 * fields are kept (codes, constraint and table names, severity): nested objects may hold anything.
 */
export function createErrorSerializer(mask: (text: string) => string = (t) => t) {
  const text = (value: string) => mask(scrubDatabaseText(value));
  const serialize = (err: unknown, depth: number): SerializedError | unknown => {
    if (
      !(err instanceof Error) &&
      !(typeof err === 'object' && err !== null && typeof (err as Error).message === 'string')
    ) {
      return typeof err === 'string' ? mask(err) : err;
    }
    const error = err as Record<string, unknown> & {
      message: string;
      stack?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    const message = text(error.message);
    const type = err instanceof Error ? err.constructor.name : typeof error.name === 'string' ? error.name : 'Error';
    const out: SerializedError = { type, message };
    if (typeof error.stack === 'string') {
      // The stack opens with the raw message: rebuilt from the scrubbed message and the frames alone.
      const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
      out.stack = mask([`${type}: ${message}`, ...frames].join('\n'));
    }
    for (const key of Object.keys(error)) {
      if (['message', 'stack', 'cause', 'errors'].includes(key) || DROPPED.has(key) || SECRET_NAMED.test(key)) continue;
      const value = error[key];
      if (typeof value === 'string') {
        // `where` may quote a parameter (`unnamed portal parameter $1 = '…'`): its literals go too.
        const sqlLike = key === 'query' || key === 'internalQuery' || key === 'where';
        const scrubbed = sqlLike
          ? scrubDatabaseText(scrubSql(value))
          : SCRUBBED.has(key)
            ? scrubDatabaseText(value)
            : value;
        out[key] = mask(scrubbed);
      } else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    }
    if (depth < 5 && error.cause !== undefined) {
      const cause = serialize(error.cause, depth + 1);
      if (typeof cause === 'object' && cause !== null) out.cause = cause as SerializedError;
    }
    if (depth < 5 && Array.isArray(error.errors)) {
      out.aggregateErrors = error.errors.map((e) => serialize(e, depth + 1) as SerializedError);
    }
    return out;
  };
  return (err: unknown) => serialize(err, 0);
}

/** Every configured secret, for the last net: values too short to be secrets are left alone. */
export function configSecrets(config: Config): string[] {
  const values = [
    config.auth.jwtSecret,
    config.secretKey,
    config.apiKey,
    config.auth.facebook?.appSecret,
    config.payments.sepay?.webhookSecret,
    config.payments.sepay?.apiKey,
    config.payments.casso?.secret,
    config.reconcile.sepay?.token,
    config.reconcile.casso?.apiKey,
    config.telegram?.botToken,
    config.push?.privateKey,
    ...config.previousSecretKeys,
    config.database.kind === 'postgres' ? safePassword(config.database.url) : null,
    config.redis ? safePassword(config.redis.url) : null,
  ];
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 8))];
}

function safePassword(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).password) || null;
  } catch {
    return null;
  }
}

/** Replaces each secret, raw or as JSON writes it, with HIDDEN; also passwords in URLs and bot tokens. */
export function createMask(secrets: string[]): (text: string) => string {
  const forms = secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]).filter((s, i, all) => all.indexOf(s) === i);
  return (text) => {
    let out = text;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(HIDDEN);
    return out
      .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^:/@\s"]+:)[^@/\s"]+@/gi, `$1${HIDDEN}@`)
      .replace(/\/bot\d+:[A-Za-z0-9_-]+/g, `/bot${HIDDEN}`);
  };
}

/** pino options for the app's logger: level, redaction, serializers and the last net. */
export function loggerOptions(config: Config): LoggerOptions {
  const mask = createMask(configSecrets(config));
  const err = createErrorSerializer(mask);
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: HIDDEN },
    serializers: {
      err,
      error: err,
      // Fastify's request summary, with secret query values hidden.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: safeUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: { streamWrite: mask },
  };
}
