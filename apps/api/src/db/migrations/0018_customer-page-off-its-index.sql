-- Hand-written (decision 0016, amended): a customer's page of orders is read off orders_user_created_idx in its
-- own order, newest first with the id breaking ties, whatever PostgreSQL knew of orders when it made the plan it
-- keeps. Three things stood in the way:
-- * the index held (user_id, created_at) with the id only included, so it could not give the page's order
--   (created_at DESC, id DESC): customer_order_page read every order of the customer off it and sorted them for
--   each page, a cost that grew with the customer's history (426 index entries for a page of 10, for a customer
--   of about 430 orders). With the id in the key the page is the index read backwards, stopping at the page's end;
-- * the unique (user_id, idempotency_key) index fits `user_id = $1` too. A plan made while a customer seemed to
--   have one order or none (a new shop, or orders not yet analysed) read the customer's orders through it and
--   sorted them, and a pool connection keeps that plan for as long as it lives. It now holds the orders placed
--   with a key only (a NULL key never conflicted anyway): it answers whether a key was used, as before, and no
--   longer fits a customer's whole history.
-- * with no statistics yet on orders (a table autovacuum has not analysed), the page's condition on an optional
--   status (`p_status IS NULL OR status = p_status`) looked like it matched a single order, and the kept plan
--   gathered the customer's orders with a bitmap scan and sorted them. customer_order_page now plans with neither
--   bitmap nor sequential scans: reading the index backwards is then its only plan that does not sort the
--   customer's whole history, whatever PostgreSQL believes of the table.
-- The other reads of orders_user_created_idx (the console's search in the queue's order, the open coin orders of a
-- customer) keep the columns they read. Like 0013, the indexes are built inside the migration's transaction: on a
-- shop holding a million orders, writes wait for them.
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id", "created_at", "id") INCLUDE ("status", "due_at", "finished_at");--> statement-breakpoint
DROP INDEX "orders_user_idempotency_key";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key" ON "orders" USING btree ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER FUNCTION "customer_order_page"(uuid, smallint, integer, integer) SET enable_bitmapscan = off;--> statement-breakpoint
ALTER FUNCTION "customer_order_page"(uuid, smallint, integer, integer) SET enable_seqscan = off;
