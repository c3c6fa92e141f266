-- Hand-written (decision 0013, amended): each customer's number of orders, kept by a trigger as shop_day_figures
-- (migration 0005) is, so the console's customer list reads one row per customer instead of counting each one's
-- history (about 100 orders each at 1M: the list read 20 times as many index entries at 1M as at 1k).
-- No foreign key to users: a user can be deleted only while no order names them, and a deferred change of the
-- count must not fail a transaction that removed both.
CREATE TABLE "user_order_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "user_order_counts_add"(p_user uuid, p_orders integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "user_order_counts" AS c ("user_id", "orders") VALUES (p_user, p_orders)
  ON CONFLICT ("user_id") DO UPDATE SET "orders" = c."orders" + EXCLUDED."orders";
END;
$$;--> statement-breakpoint
CREATE FUNCTION "orders_user_order_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "user_order_counts_add"(OLD."user_id", -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "user_order_counts_add"(NEW."user_id", 1); END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deferred to the commit, as 0005's: the customer's row stays locked only from there to the end of the transaction.
CREATE CONSTRAINT TRIGGER "orders_user_order_counts_insert_delete" AFTER INSERT OR DELETE ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "orders_user_order_counts"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_user_order_counts_update" AFTER UPDATE OF "user_id" ON "orders"
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
EXECUTE FUNCTION "orders_user_order_counts"();--> statement-breakpoint
-- The counts from scratch: for this migration's existing orders, and after a bulk load that ran without triggers
-- (bench/scale.ts).
CREATE FUNCTION "user_order_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "user_order_counts";
  INSERT INTO "user_order_counts" ("user_id", "orders") SELECT "user_id", count(*) FROM "orders" GROUP BY "user_id"
$$;--> statement-breakpoint
SELECT "user_order_counts_rebuild"();
