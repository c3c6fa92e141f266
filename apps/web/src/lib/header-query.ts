import { useQuery, type QueryKey } from '@tanstack/react-query';
import { nextTask } from './after-first-paint';
import { api, type SchemaArg } from './api-client';
import { useSignedIn } from './session';

/**
 * One of the header's figures about the signed-in customer (name, coins, orders): loaded only when signed in,
 * its failures silent (docs/product.md §8). `staleTime` for a figure that changes seldom.
 */
export function useHeaderQuery<T>(
  queryKey: QueryKey,
  path: string,
  schema: SchemaArg<T>,
  options: { staleTime?: number } = {},
) {
  const signedIn = useSignedIn();
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      // Each call in a task of its own: the header's four start together, with the page's first effects once
      // it has hydrated, and the browser's fetch() costs 1–3 ms a call, so together they were a long task.
      await nextTask();
      signal.throwIfAborted();
      return api.get(path, schema, { signal });
    },
    enabled: signedIn,
    meta: { silent: true },
    ...options,
  });
}
