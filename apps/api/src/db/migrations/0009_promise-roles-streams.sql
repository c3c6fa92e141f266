-- Nobody can game the shop (decision 0024): a staff coin adjustment carries its Idempotency-Key on its ledger row
-- (one row per admin and key), and each bank account that is not the shop's is remembered once staff were alerted.
CREATE TABLE "wrong_account_alerts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_actor_idempotency_key" ON "coin_ledger" USING btree ("actor_id","idempotency_key") WHERE "coin_ledger"."idempotency_key" is not null;
