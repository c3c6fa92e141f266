/**
 * Zod-free readers for the few shapes the web app's first load must check: the injected public config,
 * a token pair and the active platforms (with one platform). Zod is ~26 kB gzip, more than the home page
 * can afford (docs/decisions/0007); everything else is parsed with the schemas in lazily loaded chunks.
 *
 * Each reader accepts what its schema in schemas.ts accepts and, like zod, returns a fresh object with
 * only the known keys. guards.test.ts holds them to the schemas, so the contract stays one.
 * Only types come from schemas.ts: this module must never import zod at run time.
 */
import type { Platform, PublicConfig, TokenPair } from './schemas.js';

/** The part of a zod schema the web's API client uses; the readers below offer the same. */
export interface Parser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === 'string';
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

function parser<T>(read: (value: unknown) => T | undefined): Parser<T> {
  return {
    safeParse(data) {
      const result = read(data);
      return result === undefined ? { success: false } : { success: true, data: result };
    },
  };
}

function readTokenPair(value: unknown): TokenPair | undefined {
  if (!isObject(value) || !isString(value.access_token) || !isString(value.refresh_token)) return undefined;
  return { access_token: value.access_token, refresh_token: value.refresh_token };
}

function readPublicConfig(value: unknown): PublicConfig | undefined {
  if (!isObject(value)) return undefined;
  const { api_key, google_client_id, demo_sign_in, facebook_enabled, bank, support } = value;
  if (!isString(api_key) || !isNullableString(google_client_id) || !isBoolean(demo_sign_in)) return undefined;
  if (!isBoolean(facebook_enabled) || !isObject(bank) || !isObject(support)) return undefined;
  const { bin, name, account_number, account_holder } = bank;
  if (!isString(bin) || !isString(name) || !isString(account_number) || !isString(account_holder)) return undefined;
  const { social_url, chat_url, messenger_url } = support;
  if (!isString(social_url) || !isString(chat_url) || !isString(messenger_url)) return undefined;
  return {
    api_key,
    google_client_id,
    demo_sign_in,
    facebook_enabled,
    bank: { bin, name, account_number, account_holder },
    support: { social_url, chat_url, messenger_url },
  };
}

function readPlatform(value: unknown): Platform | undefined {
  if (!isObject(value)) return undefined;
  const { id, name, picture, is_active, shop_config } = value;
  if (!isInt(id) || !isString(name) || !isNullableString(picture) || !isBoolean(is_active)) return undefined;
  if (!isObject(shop_config)) return undefined;
  const { need_login, sale_picture } = shop_config;
  if (!isBoolean(need_login) || !isNullableString(sale_picture)) return undefined;
  return { id, name, picture, is_active, shop_config: { need_login, sale_picture } };
}

function readPlatformList(value: unknown): Platform[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list: Platform[] = [];
  for (const item of value) {
    const read = readPlatform(item);
    if (!read) return undefined;
    list.push(read);
  }
  return list;
}

/** The schemas `tokenPair`, `publicConfig`, `platform` and `platformList`, without zod. */
export const tokenPairGuard = parser(readTokenPair);
export const publicConfigGuard = parser(readPublicConfig);
export const platformGuard = parser(readPlatform);
export const platformListGuard = parser(readPlatformList);
