-- Books that balance (decision 0023): one record of money in. A transfer says where it came from (a webhook,
-- a pull of the provider's list, or staff's manual record); a second report of one bank movement (the other
-- provider) is kept as 'duplicate' of the first; an authenticated notification the code cannot read is kept as
-- 'invalid'; a manual record is 'manual' until a feed reports that money ('verified', linked to it).
CREATE TABLE "bank_feed_pulls" (
	"provider" text PRIMARY KEY NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"last_success_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"alerted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_transfers" DROP CONSTRAINT "bank_transfers_status_known";--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "source" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "verified_by" uuid;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "received_vnd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "excess_vnd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unverified_vnd" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_duplicate_of_bank_transfers_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_verified_by_bank_transfers_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transfers_reference_idx" ON "bank_transfers" USING btree ("account_number","reference") WHERE "bank_transfers"."reference" <> '';--> statement-breakpoint
CREATE INDEX "bank_transfers_amount_time_idx" ON "bank_transfers" USING btree ("amount_vnd","transaction_at");--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_source_known" CHECK ("bank_transfers"."source" in ('webhook', 'pull', 'manual'));--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_status_known" CHECK ("bank_transfers"."status" in ('received', 'matched', 'unmatched', 'ignored', 'attached', 'refunded', 'invalid', 'duplicate', 'manual', 'verified'));--> statement-breakpoint
-- Hand-written from here: money in per order as the transfers already stored say.
UPDATE "orders" o SET "received_vnd" = t."amount", "excess_vnd" = t."excess"
  FROM (SELECT "order_id", sum("amount_vnd") AS "amount", sum("excess_vnd") AS "excess" FROM "bank_transfers"
        WHERE "status" IN ('matched', 'attached') AND "order_id" IS NOT NULL GROUP BY "order_id") t
  WHERE o."id" = t."order_id";--> statement-breakpoint
-- Bank orders confirmed by hand before this version: staff's word for the total, not seen by a feed.
UPDATE "orders" SET "received_vnd" = "total_price_vnd", "unverified_vnd" = "total_price_vnd"
  WHERE "pay_method" = 1 AND "paid_at" IS NOT NULL AND "received_vnd" = 0;
