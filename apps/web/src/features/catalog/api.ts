import { useQuery } from '@tanstack/react-query';
import { platformList, storeList } from '@lucky/shared/guards';
import { api } from '../../lib/api-client';
import { takeInitialData } from '../../lib/initial-data';

/** The catalogue calls of docs/product.md §7, by path: the API puts their responses into the page it serves (lib/initial-data.ts). */
export const PLATFORM_LIST_PATH = '/platform/api/v1/platform/list?keyword=&is_active=true';
export const storeListPath = (platformId: number) => `/store/api/v1/store/list?keyword=&store_platform=${platformId}`;

/**
 * docs/product.md §7: the active platforms (the home grid, and the platform page's own platform). Checked with the
 * zod/mini contract schema: the home page is in the first load. The page's HTML usually carries them.
 */
export function usePlatforms() {
  return useQuery({
    queryKey: ['platforms'],
    queryFn: ({ signal }) => api.get(PLATFORM_LIST_PATH, platformList, { signal }),
    initialData: () => takeInitialData(PLATFORM_LIST_PATH, platformList),
  });
}

/** docs/product.md §7: a platform's store items (the zod/mini contract schema, like the platforms: first screen of its page). */
export function useStoreItems(platformId: number) {
  return useQuery({
    queryKey: ['store-items', platformId],
    queryFn: ({ signal }) => api.get(storeListPath(platformId), storeList, { signal }),
    initialData: () => takeInitialData(storeListPath(platformId), storeList),
  });
}
