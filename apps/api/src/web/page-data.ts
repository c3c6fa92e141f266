/**
 * What a catalogue page's first paint needs beside its HTML (docs/decisions/0015-page-speed.md): the
 * catalogue responses the page would ask for, as a JSON data block keyed by the call's path, and its largest
 * picture preloaded. Read from the catalogue in memory (modules/catalog), as the API itself answers.
 */
import type { Platform, StoreItem } from '@lucky/shared';
import { SIGNED_IN_HINT } from '@lucky/shared/constants';
import { platformListBody, storeListBody, type Catalogue } from '../modules/catalog/service.js';
import { beforeHeadEnd, jsonBlock } from './html.js';

/** The catalogue calls as the web app sends them (apps/web/src/features/catalog/api.ts): the data block's keys. */
export const PLATFORM_LIST_PATH = '/platform/api/v1/platform/list?keyword=&is_active=true';
export const storeListPath = (platformId: number) => `/store/api/v1/store/list?keyword=&store_platform=${platformId}`;
/** Where a stored picture is served (modules/storage), as the web app's fileUrl builds it on this origin. */
const fileUrl = (fileId: string) => `/storage/api/v1/storage/file/${encodeURIComponent(fileId)}`;

/** What one page's HTML carries besides the template: API responses (JSON bytes by path) and pictures to preload. */
export interface PageData {
  responses: [path: string, json: Buffer][];
  images: string[];
}

export const parseJson = <T>(json: Buffer): T => JSON.parse(json.toString('utf8')) as T;

/**
 * The data block (`<script id="initial-data" type="application/json">`, read by apps/web/src/lib/initial-data.ts)
 * and the preload of the page's largest picture, before `</head>`.
 */
export function withPageData(html: string, data: PageData): string {
  const images = data.images
    .map((fileId) => `<link rel="preload" as="image" href="${fileUrl(fileId)}" fetchpriority="high">`)
    .join('');
  const block =
    data.responses.length === 0
      ? ''
      : jsonBlock(
          'initial-data',
          `{${data.responses.map(([key, json]) => `${JSON.stringify(key)}:${json.toString('utf8')}`).join(',')}}`,
        );
  return beforeHeadEnd(html, `${images}${block}`);
}

/** The home grid's list: active games, no keyword. */
const activePlatforms = (catalogue: Catalogue) => platformListBody(catalogue, { keyword: '', is_active: true }).bytes;

/** `/`: the games on the home grid; its first card's picture is the largest thing on a phone's first screen. */
export function homeData(catalogue: Catalogue): PageData {
  const platforms = activePlatforms(catalogue);
  const first = parseJson<Platform[]>(platforms)[0];
  return { responses: [[PLATFORM_LIST_PATH, platforms]], images: first?.picture ? [first.picture] : [] };
}

export const hasPlatform = (catalogue: Catalogue, platformId: number): boolean =>
  catalogue.platforms.some((entry) => entry.value.id === platformId);

/** A page's data with the signed-in hint's entry (SIGNED_IN_HINT), which its render and the browser's read. */
export function withSignedInHint(data: PageData): PageData {
  return { ...data, responses: [...data.responses, [SIGNED_IN_HINT.dataKey, Buffer.from('true')]] };
}

/** `/item/:id` of a game on sale: the games (the page finds its own among them) and the game's items; the first item's picture. */
export function platformData(catalogue: Catalogue, platformId: number): PageData {
  const items = storeListBody(catalogue, { keyword: '', store_platform: platformId }).bytes;
  const first = parseJson<StoreItem[]>(items)[0];
  return {
    responses: [
      [PLATFORM_LIST_PATH, activePlatforms(catalogue)],
      [storeListPath(platformId), items],
    ],
    images: first?.picture ? [first.picture] : [],
  };
}
