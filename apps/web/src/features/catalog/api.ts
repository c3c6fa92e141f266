import { useQuery } from '@tanstack/react-query';
import { platformList } from '@lucky/shared/guards';
import { api } from '../../lib/api-client';
import { lazySchema } from '../../lib/lazy-schema';

/** Spec §7: the active platforms (the home grid, and the platform page's own platform). Checked with the zod/mini contract schema: the home page is in the first load. */
export function usePlatforms() {
  return useQuery({
    queryKey: ['platforms'],
    queryFn: ({ signal }) =>
      api.get('/platform/api/v1/platform/list?keyword=&is_active=true', platformList, { signal }),
  });
}

/** Spec §7: a platform's store items. */
export function useStoreItems(platformId: number) {
  return useQuery({
    queryKey: ['store-items', platformId],
    queryFn: ({ signal }) =>
      api.get(`/store/api/v1/store/list?keyword=&store_platform=${platformId}`, lazySchema('storeList'), { signal }),
  });
}
