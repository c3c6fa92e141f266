CREATE TABLE "shop_day_figures" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"processing" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"revenue_vnd" bigint DEFAULT 0 NOT NULL,
	"coins_issued" bigint DEFAULT 0 NOT NULL,
	"coins_spent" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_day_figures_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
-- The dashboard reads its day from shop_day_figures now: the day-range indexes of 0004 go.
DROP INDEX "coin_ledger_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_completed_bank_finished_idx";--> statement-breakpoint
-- Hand-written from here (decision 0013): the triggers that keep shop_day_figures, in plpgsql as migration
-- 0003's, the same on PostgreSQL 15 and PGlite. The shop's day is its calendar day in Asia/Ho_Chi_Minh.
CREATE FUNCTION "shop_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'Asia/Ho_Chi_Minh')::date
$$;--> statement-breakpoint
-- 64 shards, by order (or user): changes at once seldom wait for the same row.
CREATE FUNCTION "shop_day_shard"(id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (hashtext(id::text) & 63)::smallint
$$;--> statement-breakpoint
-- plpgsql rather than sql: it keeps the upsert's plan for the session instead of planning it on every call.
CREATE FUNCTION "shop_day_add"(p_day date, p_shard smallint, p_status smallint, p_orders integer, p_revenue bigint, p_issued bigint, p_spent bigint)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_day_figures" AS f ("day", "shard", "pending", "processing", "completed", "rejected", "revenue_vnd", "coins_issued", "coins_spent")
  VALUES (p_day, p_shard,
    CASE WHEN p_status = 0 THEN p_orders ELSE 0 END, CASE WHEN p_status = 1 THEN p_orders ELSE 0 END,
    CASE WHEN p_status = 2 THEN p_orders ELSE 0 END, CASE WHEN p_status = 3 THEN p_orders ELSE 0 END,
    p_revenue, p_issued, p_spent)
  ON CONFLICT ("day", "shard") DO UPDATE SET
    "pending" = f."pending" + EXCLUDED."pending",
    "processing" = f."processing" + EXCLUDED."processing",
    "completed" = f."completed" + EXCLUDED."completed",
    "rejected" = f."rejected" + EXCLUDED."rejected",
    "revenue_vnd" = f."revenue_vnd" + EXCLUDED."revenue_vnd",
    "coins_issued" = f."coins_issued" + EXCLUDED."coins_issued",
    "coins_spent" = f."coins_spent" + EXCLUDED."coins_spent";
END;
$$;--> statement-breakpoint
-- An order counts once on the day it was placed, under its status; a completed bank order adds its total to
-- the revenue of the day it was completed. A change takes the old row's part away and adds the new one's.
CREATE FUNCTION "shop_day_order"(o "orders", sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "shop_day_add"("shop_day"(o."created_at"), "shop_day_shard"(o."id"), o."status", sign, 0, 0, 0);
  IF o."status" = 2 AND o."pay_method" = 1 AND o."finished_at" IS NOT NULL THEN
    PERFORM "shop_day_add"("shop_day"(o."finished_at"), "shop_day_shard"(o."id"), NULL, 0, sign * o."total_price_vnd", 0, 0);
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "orders_shop_day_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "shop_day_order"(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "shop_day_order"(NEW, 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deferred to the commit: a summary row stays locked from its update to the end of the transaction, so
-- updating it last keeps orders placed at once from queueing behind each other's whole transaction.
CREATE CONSTRAINT TRIGGER "orders_shop_day_figures_insert_delete" AFTER INSERT OR DELETE ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "orders_shop_day_figures"();--> statement-breakpoint
-- Only a change of what the figures read moves them (not at_risk_alerted_at, updated_at, …).
CREATE CONSTRAINT TRIGGER "orders_shop_day_figures_update" AFTER UPDATE OF "status", "pay_method", "created_at", "finished_at", "total_price_vnd" ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."pay_method" IS DISTINCT FROM NEW."pay_method"
  OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."finished_at" IS DISTINCT FROM NEW."finished_at"
  OR OLD."total_price_vnd" IS DISTINCT FROM NEW."total_price_vnd")
EXECUTE FUNCTION "orders_shop_day_figures"();--> statement-breakpoint
-- Coins on the day of their ledger row (append-only: inserts are all there is), on the order's shard.
CREATE FUNCTION "coin_ledger_shop_day_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "shop_day_add"("shop_day"(NEW."created_at"), "shop_day_shard"(coalesce(NEW."order_id", NEW."user_id")), NULL, 0, 0,
    greatest(NEW."delta", 0), greatest(-NEW."delta", 0));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "coin_ledger_shop_day_figures" AFTER INSERT ON "coin_ledger"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "coin_ledger_shop_day_figures"();--> statement-breakpoint
-- The figures from scratch: for this migration's existing rows, and after a bulk load that ran without
-- triggers (bench/scale.ts).
CREATE FUNCTION "shop_day_figures_rebuild"() RETURNS void LANGUAGE sql AS $$
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
$$;--> statement-breakpoint
SELECT "shop_day_figures_rebuild"();
