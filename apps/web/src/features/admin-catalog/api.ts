import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminStoreList,
  type AdminPlatformCreate,
  type AdminPlatformPatch,
  type AdminStoreCreate,
  type AdminStorePatch,
} from '@lucky/shared';
import { api } from '../../lib/api-client';
import { ADMIN_PLATFORMS_KEY, ADMIN_QUERY_KEY } from '../../lib/admin-api';

export { useAdminPlatforms } from '../../lib/admin-api';

const STORE_KEY = [...ADMIN_QUERY_KEY, 'store'] as const;

/** A platform's store items, inactive ones included, in the shop's order. */
export function useAdminStoreItems(platformId: number | null) {
  return useQuery({
    queryKey: [...STORE_KEY, platformId],
    queryFn: ({ signal }) => api.get(`/store/api/v1/admin/store?platform_id=${platformId}`, adminStoreList, { signal }),
    enabled: platformId !== null,
  });
}

/** Any catalogue change: afterwards the lists are read again (the server decides the order). */
function useCatalogMutation<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_PLATFORMS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORE_KEY }),
      ]);
    },
  });
}

/** Create, edit and reorder for one kind of catalogue row, under `base` (its admin path). */
function catalogMutations<Create, Patch>(base: string) {
  return {
    useCreate: () => useCatalogMutation((body: Create) => api.post(base, body)),
    useUpdate: () =>
      useCatalogMutation(({ id, patch }: { id: number; patch: Patch }) => api.patch(`${base}/${id}`, patch)),
    useReorder: () => useCatalogMutation((ids: number[]) => api.post(`${base}/reorder`, { ids })),
  };
}

const platforms = catalogMutations<AdminPlatformCreate, AdminPlatformPatch>('/platform/api/v1/admin/platform');
export const useCreatePlatform = platforms.useCreate;
export const useUpdatePlatform = platforms.useUpdate;
export const useReorderPlatforms = platforms.useReorder;

const storeItems = catalogMutations<AdminStoreCreate, AdminStorePatch>('/store/api/v1/admin/store');
export const useCreateStoreItem = storeItems.useCreate;
export const useUpdateStoreItem = storeItems.useUpdate;
export const useReorderStoreItems = storeItems.useReorder;

/** The ids in their new order after moving one of them a step up (-1) or down (+1). */
export function moveId(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
