/**
 * PostgreSQL connections that prepare each statement once (docs/decisions/0016). The shop's queries are a
 * fixed set of texts with parameters; sent unnamed, PostgreSQL parses and plans every one on every call,
 * which was 40% of its CPU per order placed. Named, node-postgres parses a text once per connection and
 * afterwards only binds and executes it.
 *
 * Only parameterisable statements (SELECT, INSERT, UPDATE, DELETE, WITH) are named, and at most
 * MAX_NAMED_TEXTS distinct texts per process, so a statement built with a varying shape (an IN list of
 * another length) cannot grow the server's memory without bound: past the cap, texts go unnamed as before.
 * The queries select their columns by name, so a migration that adds a column does not invalidate a
 * prepared statement of an instance still running the previous version.
 */
import crypto from 'node:crypto';
import pg from 'pg';

const MAX_NAMED_TEXTS = 1000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Statement text → its name, or null when it is not prepared. Shared by every connection of the process. */
const names = new Map<string, string | null>();

export function statementName(text: string): string | null {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMED_TEXTS) return null;
    name = PREPARABLE.test(text) ? `lucky_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 24)}` : null;
    names.set(text, name);
  }
  return name;
}

interface QueryConfigLike {
  text: string;
  name?: string;
}

const isQueryConfig = (value: unknown): value is QueryConfigLike =>
  typeof value === 'object' && value !== null && typeof (value as QueryConfigLike).text === 'string';

/** A pg.Client that names the statements it is given as `{ text, values }` (how drizzle sends them). */
export class NamedStatementClient extends pg.Client {
  // pg's query() has many overloads; this passes every call through, naming the config form.
  override query(...args: unknown[]): never {
    const [config] = args;
    if (isQueryConfig(config) && config.name === undefined) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}
