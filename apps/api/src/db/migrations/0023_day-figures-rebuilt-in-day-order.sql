-- Hand-written: the rebuild of shop_day_figures (0005) writes its rows in the order of the primary key, day then
-- shard. A running shop's rows of one day are written that day and lie together; rows grouped by a hash
-- aggregate came out in the hash's order, so after a rebuild the dashboard's day (64 shards) lay on about 40 heap
-- pages of a year's 24,000 rows instead of a few, and its read cost three times as much at a million orders as at
-- a thousand (docs/decisions/0051). The figures themselves are unchanged.
CREATE OR REPLACE FUNCTION "shop_day_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "shop_day_figures";
  INSERT INTO "shop_day_figures" ("day", "shard", "pending", "processing", "completed", "rejected", "revenue_vnd", "coins_issued", "coins_spent")
  SELECT "day", "shard", sum("pending"), sum("processing"), sum("completed"), sum("rejected"), sum("revenue_vnd"), sum("coins_issued"), sum("coins_spent")
  FROM (
    SELECT "shop_day"("created_at") AS "day", "shop_day_shard"("id") AS "shard", ("status" = 0)::int AS "pending",
      ("status" = 1)::int AS "processing", ("status" = 2)::int AS "completed", ("status" = 3)::int AS "rejected",
      0::bigint AS "revenue_vnd", 0::bigint AS "coins_issued", 0::bigint AS "coins_spent"
    FROM "orders"
    UNION ALL
    SELECT "shop_day"("finished_at"), "shop_day_shard"("id"), 0, 0, 0, 0, "total_price_vnd", 0, 0
    FROM "orders" WHERE "status" = 2 AND "pay_method" = 1 AND "finished_at" IS NOT NULL
    UNION ALL
    SELECT "shop_day"("created_at"), "shop_day_shard"(coalesce("order_id", "user_id")), 0, 0, 0, 0, 0, greatest("delta", 0), greatest(-"delta", 0)
    FROM "coin_ledger"
  ) AS parts
  GROUP BY "day", "shard"
  ORDER BY "day", "shard"
$$;
