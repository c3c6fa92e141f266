/**
 * The public catalogue (docs/product.md §7): platforms and their store items, read once per change and served
 * from memory (cache.ts, docs/decisions/0014). Keywords match names without regard to case or
 * Vietnamese diacritics ("lien quan" finds "Liên Quân"): the keyword goes through the same
 * toSearchText that fills search_name, and a name matches when its search_name contains it.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import { platformList, storeList, type Platform, type StoreItem } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { toSearchText } from '../../lib/search-text.js';
import * as repo from './repository.js';

export function toPlatform(row: repo.PlatformRow): Platform {
  return {
    id: row.id,
    name: row.name,
    picture: row.picture,
    is_active: row.isActive,
    shop_config: { need_login: row.needLogin, sale_picture: row.salePicture },
  };
}

export function toStoreItem(row: repo.StoreItemRow): StoreItem {
  return {
    id: row.id,
    platform_id: row.platformId,
    name: row.name,
    description: row.description,
    picture: row.picture,
    price: row.priceVnd,
    raw_price: row.rawPriceVnd,
    coin: row.coinCost,
    gift_coin: row.giftCoin,
    is_active: row.isActive,
  };
}

/** Tells every instance, through the database, that the catalogue changed: call it inside the changing transaction. */
export const announceCatalogueChange = (tx: Db): Promise<void> => repo.notifyCatalogueChanged(tx);

/** A response body ready to send: its JSON bytes and their ETag. */
export interface JsonBody {
  bytes: Buffer;
  etag: string;
}

export function jsonBody(value: unknown): JsonBody {
  const bytes = Buffer.from(JSON.stringify(value));
  // A hash of the bytes, not a generation number: every instance gives the same list the same tag, so
  // a browser or CDN revalidates successfully against any of them, even after a restart.
  const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return { bytes, etag };
}

interface Entry<T> {
  value: T;
  /** The row's search_name. */
  search: string;
}

/** The active catalogue, mapped to the wire shapes, with the bodies built so far. */
export interface Catalogue {
  platforms: Entry<Platform>[];
  /** Active items of active platforms, in display order. */
  items: Entry<StoreItem>[];
  bodies: Map<string, JsonBody>;
  /** What placing an order copies from each active item (the ids of inactive ones are absent). */
  orderable: Map<number, OrderableItem>;
}

/** An active item of an active platform, as an order line is priced from it. */
export interface OrderableItem {
  id: number;
  name: string;
  priceVnd: number;
  coinCost: number;
  giftCoin: number;
  platformId: number;
  platformName: string;
  needLogin: boolean;
}

/**
 * Bodies kept per catalogue beyond the ones built at load. Keyword searches and unknown platform ids
 * come from visitors, so they are remembered only up to this many, then built per request: memory stays
 * bounded whatever is asked.
 */
const MAX_BODIES = 500;

function bodyFor(catalogue: Catalogue, key: string, build: () => unknown): JsonBody {
  const known = catalogue.bodies.get(key);
  if (known) return known;
  const body = jsonBody(build());
  if (catalogue.bodies.size < MAX_BODIES) catalogue.bodies.set(key, body);
  return body;
}

const keywordFilter = (keyword: string | undefined): string => (keyword ? toSearchText(keyword) : '');

/** Plain substring match, so LIKE wildcards in a keyword are just text, as they were in SQL. */
function matching<T>(entries: Entry<T>[], search: string): T[] {
  const found = search === '' ? entries : entries.filter((entry) => entry.search.includes(search));
  return found.map((entry) => entry.value);
}

/**
 * Active platforms in display order. Inactive ones are never public (only the admin console lists
 * them), so `is_active=false` finds nothing and leaving it out means active.
 */
export function platformListBody(
  catalogue: Catalogue,
  query: { keyword?: string | undefined; is_active?: boolean | undefined },
): JsonBody {
  if (query.is_active === false) return bodyFor(catalogue, 'none', () => []);
  const search = keywordFilter(query.keyword);
  return bodyFor(catalogue, `p:${search}`, () => matching(catalogue.platforms, search));
}

export function storeListBody(
  catalogue: Catalogue,
  query: { keyword?: string | undefined; store_platform?: number | undefined },
): JsonBody {
  const search = keywordFilter(query.keyword);
  const platformId = query.store_platform;
  return bodyFor(catalogue, `s:${platformId ?? ''}:${search}`, () => {
    const items = matching(catalogue.items, search);
    return platformId === undefined ? items : items.filter((item) => item.platform_id === platformId);
  });
}

function orderableItems(platformRows: repo.PlatformRow[], itemRows: repo.StoreItemRow[]): Map<number, OrderableItem> {
  const platformsById = new Map(platformRows.map((row) => [row.id, row]));
  const orderable = new Map<number, OrderableItem>();
  for (const item of itemRows) {
    const platform = platformsById.get(item.platformId);
    if (!platform) continue;
    orderable.set(item.id, {
      id: item.id,
      name: item.name,
      priceVnd: item.priceVnd,
      coinCost: item.coinCost,
      giftCoin: item.giftCoin,
      platformId: platform.id,
      platformName: platform.name,
      needLogin: platform.needLogin,
    });
  }
  return orderable;
}

/** Reads the active catalogue and builds the bodies the storefront asks for most: the unfiltered lists. */
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [platformRows, itemRows] = await Promise.all([repo.listActivePlatforms(db), repo.listActiveItems(db)]);
  // Encoded once here as the response serializer would per request: a row that breaks the contract fails
  // the load (a 500) instead of being sent.
  const platforms = z.encode(platformList, platformRows.map(toPlatform));
  const items = z.encode(storeList, itemRows.map(toStoreItem));
  const catalogue: Catalogue = {
    platforms: platforms.map((value, index) => ({ value, search: platformRows[index]!.searchName })),
    items: items.map((value, index) => ({ value, search: itemRows[index]!.searchName })),
    bodies: new Map(),
    orderable: orderableItems(platformRows, itemRows),
  };
  platformListBody(catalogue, {});
  storeListBody(catalogue, {});
  for (const platform of platforms) storeListBody(catalogue, { store_platform: platform.id });
  return catalogue;
}

/** The demo catalogue a local shop starts with (demo-seed.ts). */
export { seedDemo } from './demo-seed.js';
export { createCatalogueCache, type CatalogueCache } from './cache.js';
