-- Hand-written: trigram indexes for the console's "contains" search (decision 0013). pg_trgm is a trusted
-- contrib extension on PostgreSQL 13+ (the database owner may create it); PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_status_due_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(translate("name", 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđÀÁẠẢÃÂẦẤẬẨẪĂẰẮẶẲẴÈÉẸẺẼÊỀẾỆỂỄÌÍỊỈĨÒÓỌỎÕÔỒỐỘỔỖƠỜỚỢỞỠÙÚỤỦŨƯỪỨỰỬỮỲÝỴỶỸĐ', 'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyydaaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "coin_ledger_created_idx" ON "coin_ledger" USING btree ("created_at","delta");--> statement-breakpoint
CREATE INDEX "orders_open_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "orders_open_user_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" in (0, 1);--> statement-breakpoint
CREATE INDEX "orders_queue_idx" ON "orders" USING btree ((case when "status" in (0, 1) then 0 else 1 end),(case when "status" in (0, 1) then "due_at" end),"finished_at" DESC NULLS LAST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_code_trgm_idx" ON "orders" USING gin (lower("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "orders_completed_bank_finished_idx" ON "orders" USING btree ("finished_at","total_price_vnd") WHERE "orders"."status" = 2 and "orders"."pay_method" = 1;--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("created_at") WHERE "orders"."refund_status" = 'due';--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_name_trgm_idx" ON "users" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");