import { useQuery, type QueryKey } from '@tanstack/react-query';
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
    queryFn: ({ signal }) => api.get(path, schema, { signal }),
    enabled: signedIn,
    meta: { silent: true },
    ...options,
  });
}
