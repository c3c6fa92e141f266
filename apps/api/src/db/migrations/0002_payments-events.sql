CREATE TABLE "bank_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_tx_id" text NOT NULL,
	"raw_body" text NOT NULL,
	"direction" text NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"provider_code" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"transaction_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"excess_vnd" bigint DEFAULT 0 NOT NULL,
	"excess_refunded_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_transfers_status_known" CHECK ("bank_transfers"."status" in ('received', 'matched', 'unmatched', 'ignored', 'attached', 'refunded')),
	CONSTRAINT "bank_transfers_direction_known" CHECK ("bank_transfers"."direction" in ('in', 'out')),
	CONSTRAINT "bank_transfers_amounts_nonnegative" CHECK ("bank_transfers"."amount_vnd" >= 0 and "bank_transfers"."excess_vnd" >= 0)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"user_id" uuid,
	"cause" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "at_risk_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD CONSTRAINT "bank_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_provider_tx_key" ON "bank_transfers" USING btree ("provider","provider_tx_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_received_idx" ON "bank_transfers" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "bank_transfers_order_idx" ON "bank_transfers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_transfers_transaction_idx" ON "bank_transfers" USING btree ("transaction_at");--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_user_idx" ON "events" USING btree ("user_id","id");