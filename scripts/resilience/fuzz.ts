/**
 * Fuzzing every route: property-based requests built from each route's own schema (fast-check), and
 * malformed bodies (wrong types, huge strings, deep nesting, bad UTF-8, oversized bodies). No answer may
 * be a 5xx, and every 4xx must carry the shop's `{ message, code }` body.
 */
import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../apps/api/src/lib/body-limit.js';
import { prepareActors } from './actors.js';
import { fillPath, isErrorBody, readRoutes, send, type JsonSchema, type Route } from './openapi.js';
import type { Figure, Target } from './types.js';

const RUNS_PER_ROUTE = 25;

/** Any JSON value, with the awkward ones weighted in. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 5000 }),
  fc.constantFrom(null, '', -1, 0, 1.5, 2 ** 53, -(2 ** 63), '0', 'true', '<script>', "' or 1=1 --", '\u0000', '🙂'.repeat(50)),
);

/** A value shaped like the schema most of the time, and anything at all the rest. */
function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((s) => valueFor(s, depth + 1)), anyJson);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), anyJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valueFor(s, depth + 1)]));
      return fc.oneof({ weight: 4, arbitrary: fc.record(shape, { requiredKeys: [] }) }, { weight: 1, arbitrary: anyJson });
    }
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, depth + 1), { maxLength: 60 }), anyJson);
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 1e9), anyJson);
    case 'boolean':
      return fc.oneof(fc.boolean(), anyJson);
    case 'string':
      return fc.oneof(fc.string({ maxLength: (schema.maxLength ?? 100) + 10 }), fc.uuid(), anyJson);
    default:
      return anyJson;
  }
}

const queryValue = fc.oneof(fc.string({ maxLength: 300 }), fc.integer().map(String), fc.constantFrom('', '-1', '1e99', 'NaN', 'true', '%00'));

function nested(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Bodies no honest client sends, with the content type each is sent as. */
const MALFORMED: { name: string; body: string | Uint8Array; type: string }[] = [
  { name: 'not JSON', body: '{"a":', type: 'application/json' },
  { name: 'bad UTF-8', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), type: 'application/json' },
  { name: 'deep nesting', body: nested(20_000), type: 'application/json' },
  { name: 'deep objects', body: '{"a":'.repeat(5000) + '1' + '}'.repeat(5000), type: 'application/json' },
  { name: 'huge string', body: JSON.stringify({ order_bank_name: 'x'.repeat(200_000), name: 'x'.repeat(200_000) }), type: 'application/json' },
  { name: 'oversized body', body: JSON.stringify({ junk: 'x'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
  { name: 'wrong type (array)', body: '[1,2,3]', type: 'application/json' },
  { name: 'wrong content type', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { name: 'empty JSON body', body: '', type: 'application/json' },
];

export async function checkFuzz(target: Target): Promise<Figure[]> {
  const routes = await readRoutes(target.url);
  const actors = await prepareActors(target, 'fuzz');
  const failures: string[] = [];
  let requests = 0;

  const judge = async (route: Route, what: string, init: Parameters<typeof send>[1], url: string) => {
    requests += 1;
    let answer: Awaited<ReturnType<typeof send>>;
    try {
      answer = await send(url, { ...init, stream: route.stream });
    } catch (error) {
      // A body over the shop's limit is refused before it is read and the connection closed; a client still
      // writing it may see the closed socket instead of the 413. That refusal is fine if the shop lives on.
      const oversized = init.body !== undefined && Buffer.byteLength(init.body) > BODY_LIMIT_BYTES;
      const alive = await fetch(`${target.url}/healthz`).then((res) => res.ok, () => false);
      if (!oversized || !alive) failures.push(`${route.method} ${route.path} (${what}): no answer (${String(error)}), shop ${alive ? 'up' : 'down'}`);
      return;
    }
    if (answer.status >= 500) failures.push(`${route.method} ${route.path} (${what}): ${answer.status} ${answer.text.slice(0, 200)}`);
    else if (answer.status >= 400 && !isErrorBody(answer)) {
      failures.push(`${route.method} ${route.path} (${what}): ${answer.status} without {message, code}: ${answer.text.slice(0, 200)}`);
    }
  };

  for (const route of routes) {
    // As an admin, who reaches the most code; streams are opened and hung up on.
    const headers = { 'x-api-key': target.apiKey, authorization: actors.admin.token };
    const property = fc.asyncProperty(
      fc.record({
        path: fc.record(Object.fromEntries(route.pathParams.map((name) => [name, fc.oneof(fc.string({ maxLength: 80 }), fc.uuid())]))),
        query: fc.record(Object.fromEntries(route.query.map((q) => [q.name, queryValue])), { requiredKeys: [] }),
        body: valueFor(route.body ?? undefined),
      }),
      async ({ path, query, body }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const url = `${target.url}${fillPath(route.path, path as Record<string, string>)}${search ? `?${search}` : ''}`;
        await judge(
          route,
          `generated ${JSON.stringify({ path, query }).slice(0, 120)}`,
          {
            method: route.method,
            headers: route.body ? { ...headers, 'content-type': 'application/json' } : headers,
            body: route.body ? JSON.stringify(body) ?? 'null' : undefined,
          },
          url,
        );
      },
    );
    await fc.assert(property, { numRuns: RUNS_PER_ROUTE, endOnFailure: true }).catch(() => {});

    if (route.method === 'GET') continue;
    const url = target.url + fillPath(route.path, { id: actors.order.id, userId: actors.customer.userId, provider: 'demo', fileId: '0'.repeat(64) });
    for (const malformed of MALFORMED) {
      await judge(route, malformed.name, { method: route.method, headers: { ...headers, 'content-type': malformed.type }, body: malformed.body }, url);
    }
  }
  return [
    {
      label: 'fuzz',
      value: `${requests} requests over ${routes.length} routes: ${failures.length} answers of 5xx or without {message, code}`,
      ok: failures.length === 0 && requests > 0,
      ...(failures.length ? { detail: failures.slice(0, 20).join('\n') } : {}),
    },
  ];
}
