/**
 * The authorization matrix: every route of the OpenAPI document × {no key, no token, expired token,
 * customer, another customer, staff, owner}, each answer checked against who may call the route, and every
 * answer to someone other than the owner searched for the owner's order id, order code and email. Which
 * console routes are the owners' alone is read from the document too (`x-role`), never from a list here:
 * staff must get 403 on every one of them, and in on every other console route.
 */
import { prepareActors } from './actors.js';
import { fillPath, readRoutes, send, type Access, type Answer, type Route } from './openapi.js';
import type { Figure, Target } from './types.js';

type Identity = 'no key' | 'no token' | 'expired token' | 'customer' | 'another customer' | 'staff' | 'owner';
const IDENTITIES: Identity[] = ['no key', 'no token', 'expired token', 'customer', 'another customer', 'staff', 'owner'];

const codeOf = (answer: Answer): string | undefined => {
  try {
    return (JSON.parse(answer.text) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

/** Why an answer is wrong for this identity on a route of this access, or null when it is right. */
function verdict(access: Access, role: Route['role'], identity: Identity, answer: Answer, ownsPathId: boolean): string | null {
  const { status } = answer;
  if (status >= 500) return `${status}`;
  const refused = status === 401 || status === 403;
  if (access === 'keyless') return status === 403 ? 'forbidden on a keyless route' : null;
  if (identity === 'no key') return status === 401 && codeOf(answer) === 'INVALID_API_KEY' ? null : `${status}, expected 401 INVALID_API_KEY`;
  if (access === 'public') return refused ? `${status} on a public route` : null;
  switch (identity) {
    case 'no token':
      return status === 401 ? null : `${status}, expected 401`;
    case 'expired token':
      return status === 401 && codeOf(answer) === 'TOKEN_EXPIRED' ? null : `${status} ${codeOf(answer)}, expected 401 TOKEN_EXPIRED`;
    case 'customer':
      if (access === 'admin') return status === 403 ? null : `${status}, expected 403`;
      return refused ? `${status}, expected access` : null;
    case 'another customer':
      if (access === 'admin') return status === 403 ? null : `${status}, expected 403`;
      // Another customer's order id must look like no order at all.
      if (ownsPathId) return status === 404 ? null : `${status}, expected 404 for another customer's order`;
      return refused ? `${status}, expected access` : null;
    case 'staff':
      if (access === 'admin' && role === 'owner') {
        return status === 403 && codeOf(answer) === 'FORBIDDEN' ? null : `${status} ${codeOf(answer)}, expected 403 FORBIDDEN (owners only)`;
      }
      return refused ? `${status}, expected access` : null;
    case 'owner':
      return refused ? `${status}, expected access` : null;
  }
}

export async function checkAuthorization(target: Target): Promise<Figure[]> {
  const routes = await readRoutes(target.url);
  const actors = await prepareActors(target, 'authz');
  const params: Record<string, string> = {
    id: actors.order.id,
    userId: actors.customer.userId,
    fileId: '0'.repeat(64),
    provider: 'demo',
  };
  const byPathFor = (path: string): Record<string, string> => {
    if (path.includes('/platform/')) return { ...params, id: String(actors.platformId) };
    if (path.includes('/store/')) return { ...params, id: String(actors.storeId) };
    if (path.includes('/transfer/')) return { ...params, id: '00000000-0000-4000-8000-000000000000' };
    return params;
  };
  const secrets = [actors.order.id, actors.order.code, actors.customer.email];

  const headersFor = (identity: Identity): Record<string, string> => {
    const key = { 'x-api-key': target.apiKey };
    switch (identity) {
      case 'no key':
        return { authorization: actors.customer.token };
      case 'no token':
        return key;
      case 'expired token':
        return { ...key, authorization: actors.expiredToken };
      case 'customer':
        return { ...key, authorization: actors.customer.token };
      case 'another customer':
        return { ...key, authorization: actors.other.token };
      case 'staff':
        return { ...key, authorization: actors.staff.token };
      case 'owner':
        return { ...key, authorization: actors.admin.token };
    }
  };

  const wrong: string[] = [];
  const leaks: string[] = [];
  let requests = 0;
  const ownerOnly = routes.filter((route) => route.access === 'admin' && route.role === 'owner');
  const staffRefused: string[] = [];
  for (const route of routes) {
    const url = target.url + fillPath(route.path, byPathFor(route.path));
    const ownsPathId = route.access === 'user' && route.pathParams.includes('id');
    for (const identity of IDENTITIES) {
      requests += 1;
      const headers = headersFor(identity);
      // Bodies are empty objects: the matrix asks who gets in, not what succeeds (nothing is changed).
      const answer = await send(url, {
        method: route.method,
        headers: route.body ? { ...headers, 'content-type': 'application/json' } : headers,
        body: route.body ? '{}' : undefined,
        stream: route.stream,
      });
      const problem = verdict(route.access, route.role, identity, answer, ownsPathId);
      if (problem) wrong.push(`${route.method} ${route.path} as ${identity}: ${problem}`);
      if (identity === 'staff' && ownerOnly.includes(route) && answer.status === 403) staffRefused.push(route.path);
      // The customer sees their own; the console's routes show customers' orders to staff and owners.
      const seesAll = identity === 'customer' || identity === 'owner' || (identity === 'staff' && route.access === 'admin');
      if (!seesAll && secrets.some((secret) => answer.text.includes(secret))) {
        leaks.push(`${route.method} ${route.path} as ${identity}`);
      }
    }
  }
  return [
    {
      label: 'authorization matrix',
      value: `${requests - wrong.length} of ${requests} answers as expected (${routes.length} routes × ${IDENTITIES.length} identities)`,
      ok: wrong.length === 0 && routes.length > 0,
      ...(wrong.length ? { detail: wrong.slice(0, 20).join('\n') } : {}),
    },
    {
      label: 'role matrix: staff on the owners’ routes',
      value: `${staffRefused.length} of ${ownerOnly.length} owner-only routes (from the OpenAPI document) refuse staff with 403`,
      ok: ownerOnly.length > 0 && staffRefused.length === ownerOnly.length,
    },
    {
      label: 'authorization matrix: leaks of another customer’s data',
      value: leaks.length,
      ok: leaks.length === 0,
      ...(leaks.length ? { detail: leaks.join('\n') } : {}),
    },
  ];
}
