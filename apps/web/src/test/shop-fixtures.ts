/** The storefront's fixtures for whole-app tests (imported by tests only): a game sold by UID and its packages. */
import type { Platform, StoreItem } from '@lucky/shared';

/** A game topped up by UID (no login details asked). */
export const uidGame: Platform = {
  id: 7,
  name: 'Rồng Lửa',
  picture: null,
  is_active: true,
  shop_config: { need_login: false, sale_picture: null },
};

/** Package `id` of the UID game; its price, coins and gift coins grow with `id`. */
export const storeItem = (id: number, overrides: Partial<StoreItem> = {}): StoreItem => ({
  id,
  platform_id: 7,
  name: `Gói ${id}`,
  description: `Mô tả gói ${id}`,
  picture: null,
  price: 20_000 * id,
  raw_price: 25_000 * id,
  coin: 200 * id,
  gift_coin: 10 * id,
  is_active: true,
  ...overrides,
});
