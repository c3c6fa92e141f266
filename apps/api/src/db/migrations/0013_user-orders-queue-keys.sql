-- Hand-written (decision 0013, amended): the console's search by customer puts the customers' orders in the
-- queue's order (admin-repository.ts QUEUE_ORDER) and keeps a page of them. Their index carries what that order
-- reads (status, due time, finish time, id) beside the customer and the placing time, so the sort reads the
-- index alone: a customer's hundred orders lie on a hundred heap pages, which at 1M no longer fit in memory
-- together for every customer searched. Only the page's orders are then read from the table. Drizzle cannot
-- write INCLUDE (schema.ts keeps the index's key columns): the index is replaced here, under its own name.
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id", "created_at") INCLUDE ("status", "due_at", "finished_at", "id");
