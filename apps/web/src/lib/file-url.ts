import { config } from './config';

/** Address of a stored picture (platform art, item pictures, result pictures). */
export function fileUrl(fileId: string): string {
  return `${config.apiBase}/storage/api/v1/storage/file/${encodeURIComponent(fileId)}`;
}
