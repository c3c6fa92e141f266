import { useQuery } from '@tanstack/react-query';
import { adminPlatformList, uploadResponse, type UploadResponse } from '@lucky/shared';
import { api } from './api-client';
import { SESSION_QUERY_KEY } from './session';

/**
 * Query-key prefix of everything the admin console caches. Under the session prefix, so an admin's
 * data (customers, passwords in order details) is dropped the moment the session ends.
 */
export const ADMIN_QUERY_KEY = [...SESSION_QUERY_KEY, 'admin'] as const;

export const ADMIN_PLATFORMS_KEY = [...ADMIN_QUERY_KEY, 'platforms'] as const;

/** Picture types the API accepts (it re-encodes them); the file input offers only these. */
export const PICTURE_TYPES = 'image/png,image/jpeg,image/webp';

/** Uploads one picture (admin only) and returns its stored id. */
export function uploadPicture(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('file', file);
  return api.post('/storage/api/v1/storage/upload', form, uploadResponse);
}

/** `?a=1&b=x` from the given values, leaving out undefined and empty ones. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every platform, inactive ones included, in the shop's order (queue filter and catalogue). */
export function useAdminPlatforms() {
  return useQuery({
    queryKey: ADMIN_PLATFORMS_KEY,
    queryFn: ({ signal }) => api.get('/platform/api/v1/admin/platform', adminPlatformList, { signal }),
  });
}
