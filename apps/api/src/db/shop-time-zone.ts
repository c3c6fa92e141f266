/**
 * The database's copy of the shop clock's zone: `shop_time_zone()`, which `shop_day()` (migration 0007) and
 * every other SQL that needs the shop's calendar reads. Defined from SHOP_TIME_ZONE
 * (packages/shared/src/shop-clock.ts) at every start, before the migrations, so SQL never spells a zone of
 * its own and cannot drift from the API's and the web app's clock.
 */
import { SHOP_TIME_ZONE } from '@lucky/shared';

/** A zone name as the time-zone database writes them; anything else is refused rather than quoted into SQL. */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

export function shopTimeZoneFunction(timeZone: string = SHOP_TIME_ZONE): string {
  if (!ZONE_NAME.test(timeZone)) throw new Error(`not a time-zone name: ${timeZone}`);
  return `CREATE OR REPLACE FUNCTION "shop_time_zone"() RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT '${timeZone}'::text $$`;
}
