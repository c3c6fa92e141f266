/**
 * What the dev server (`npm run dev`, `vite preview`) forwards to the API on :8080, so the web app calls it
 * on its own origin as it does in production: every API call, by the API's own rule for its paths
 * (`/{service}/api/v1/…`, API_PATH in apps/api/src/plugins/auth.ts) rather than a list of services that
 * a new one would be missing from; the API's documentation; its health check.
 * apps/api/src/dev-proxy.test.ts checks that every route the API registers is forwarded, and that the
 * web app's own pages and files are not.
 */
const API_TARGET = 'http://127.0.0.1:8080';

/** Vite's `server.proxy` keys: a key starting with `^` is a regular expression tested on the path and query. */
export const API_PATHS = ['^/[a-z-]+/api/v1/', '^/docs(/|$)', '^/healthz$'] as const;

export const devProxy = Object.fromEntries(API_PATHS.map((pattern) => [pattern, { target: API_TARGET }]));
