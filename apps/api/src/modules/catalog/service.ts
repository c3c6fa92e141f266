/**
 * The public catalogue (spec §7): platforms and their store items. Keywords match names without
 * regard to case or Vietnamese diacritics ("lien quan" finds "Liên Quân").
 */
import type { Platform, StoreItem } from '@lucky/shared';
import type { Db } from '../../db/client.js';
import { toSearchText } from '../../lib/search-text.js';
import * as repo from './repository.js';

const keywordFilter = (keyword: string | undefined): string | null => {
  const search = keyword ? toSearchText(keyword) : '';
  return search === '' ? null : search;
};

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

/**
 * Active platforms in display order. Inactive ones are never public (only the admin console lists
 * them), so `is_active=false` finds nothing and leaving it out means active.
 */
export async function listPlatforms(db: Db, query: { keyword?: string | undefined; is_active?: boolean | undefined }): Promise<Platform[]> {
  if (query.is_active === false) return [];
  const rows = await repo.listPlatforms(db, { search: keywordFilter(query.keyword), isActive: true });
  return rows.map(toPlatform);
}

export async function listStoreItems(db: Db, query: { keyword?: string | undefined; store_platform?: number | undefined }): Promise<StoreItem[]> {
  const rows = await repo.listActiveItems(db, { search: keywordFilter(query.keyword), platformId: query.store_platform ?? null });
  return rows.map(toStoreItem);
}
