import { queryOptions, useQuery, type QueryKey } from '@tanstack/react-query';
import { nextTask } from './after-first-paint';
import { afterTheSwitch } from './hydration';
import { api, type SchemaArg } from './api-client';
import { useSignedIn } from './session';

/**
 * The query of one of the header's figures about the signed-in customer (name, coins, orders): loaded only
 * when signed in, its failures silent (docs/product.md §8). `staleTime` for a figure that changes seldom.
 */
export function headerQueryOptions<T>(
  signedIn: boolean,
  queryKey: QueryKey,
  path: string,
  schema: SchemaArg<T>,
  options: { staleTime?: number } = {},
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      // Sent once the page has switched to what only the browser knows, so their answers do not come while
      // React renders the switch (lib/hydration.ts afterTheSwitch).
      await afterTheSwitch();
      // Each call in a task of its own: the header's four start together, and the browser's fetch() costs
      // 1–3 ms a call, so together they were a long task.
      await nextTask();
      signal.throwIfAborted();
      return api.get(path, schema, { signal });
    },
    enabled: signedIn,
    meta: { silent: true },
    ...options,
  });
}

/** One of the header's figures, for the signed-in customer (`headerQueryOptions`). */
export function useHeaderQuery<T>(
  queryKey: QueryKey,
  path: string,
  schema: SchemaArg<T>,
  options: { staleTime?: number } = {},
) {
  return useQuery(headerQueryOptions(useSignedIn(), queryKey, path, schema, options));
}
