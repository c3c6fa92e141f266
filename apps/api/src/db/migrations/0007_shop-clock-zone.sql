-- Hand-written: the shop's day in SQL reads its time zone from shop_time_zone(), which the API (re)defines
-- at every start, before migrations, from the shop clock's SHOP_TIME_ZONE (db/shop-time-zone.ts,
-- packages/shared/src/shop-clock.ts): SQL holds no literal zone of its own.
CREATE OR REPLACE FUNCTION "shop_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE "shop_time_zone"())::date
$$;
