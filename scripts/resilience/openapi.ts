/**
 * The API's own description of itself (the OpenAPI document served at /docs/json), read into the
 * routes the authorization matrix and the fuzzer walk: method, path, who may call it, what it takes.
 */
export type Access = 'public' | 'user' | 'admin' | 'keyless';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface Route {
  method: string;
  /** OpenAPI form: /order/api/v1/order/{id} */
  path: string;
  access: Access;
  /** Who in the console may call it (`x-role`, written from the route's own guard): staff and owners, or owners only. */
  role: 'staff' | 'owner' | null;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
  /** A Server-Sent Events stream: read the status, then hang up. */
  stream: boolean;
}

interface Operation {
  'x-role'?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export async function readRoutes(url: string): Promise<Route[]> {
  const res = await fetch(`${url}/docs/json`);
  if (!res.ok) throw new Error(`GET /docs/json answered ${res.status}: the OpenAPI document is needed`);
  const doc = (await res.json()) as { security?: Record<string, string[]>[]; paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const security = op.security ?? doc.security ?? [];
      const needsToken = security.some((scheme) => 'accessToken' in scheme);
      // Staff-only routes are the ones that can answer 403 (every route declares the statuses it answers).
      const staffOnly = path.includes('/admin/') || '403' in (op.responses ?? {});
      const access: Access =
        op.security !== undefined && op.security.length === 0 ? 'keyless' : !needsToken ? 'public' : staffOnly ? 'admin' : 'user';
      const parameters = op.parameters ?? [];
      routes.push({
        method: method.toUpperCase(),
        path,
        access,
        role: op['x-role'] === 'owner' || op['x-role'] === 'staff' ? op['x-role'] : null,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        stream: path.endsWith('/events'),
      });
    }
  }
  return routes;
}

/** Fills {param} placeholders (each value URL-encoded). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? 'x'));
}

export interface Answer {
  status: number;
  /** The body as text; empty for streams (not read). */
  text: string;
  contentType: string;
}

/** One request; a stream is hung up on as soon as its status is known. Times out rather than hang. */
export async function send(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array; stream?: boolean },
): Promise<Answer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 15_000);
  try {
    const res = await fetch(url, { method: init.method, headers: init.headers, body: init.body, signal: controller.signal });
    const contentType = res.headers.get('content-type') ?? '';
    if (init.stream && res.ok) {
      controller.abort();
      return { status: res.status, text: '', contentType };
    }
    return { status: res.status, text: await res.text(), contentType };
  } finally {
    clearTimeout(timer);
  }
}

/** The shop's error body: `{ message, code }`, both non-empty strings. */
export function isErrorBody(answer: Answer): boolean {
  try {
    const body = JSON.parse(answer.text) as { message?: unknown; code?: unknown };
    return typeof body.message === 'string' && body.message.length > 0 && typeof body.code === 'string' && body.code.length > 0;
  } catch {
    return false;
  }
}
