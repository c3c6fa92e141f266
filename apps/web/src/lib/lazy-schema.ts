/**
 * Shared response schemas, loaded on first use. Zod and the schemas are ~30 kB gzip: the frame and the
 * home page must not carry them (docs/decisions/0007), so modules they import name a schema here and
 * the API client awaits it while the call is under way. Lazily loaded pages may import schemas directly.
 */
type Schemas = typeof import('@lucky/shared/schemas');

let loading: Promise<Schemas> | undefined;

export function lazySchema<K extends keyof Schemas>(name: K): Promise<Schemas[K]> {
  loading ??= import('@lucky/shared/schemas');
  const schema = loading.then((schemas) => schemas[name]);
  // A failed load is reported by the call that awaits it; this keeps it from counting as unhandled meanwhile.
  schema.catch(() => undefined);
  return schema;
}
