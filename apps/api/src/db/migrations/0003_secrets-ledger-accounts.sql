CREATE TABLE "user_identities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: existing accounts came from Google (verified), the demo provider or Facebook, whose emails
-- no longer count as verified (docs/decisions/0011).
UPDATE "users" SET "email_verified" = ("provider" <> 'facebook');--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_key" ON "user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_ledger_order_reason_key" ON "coin_ledger" USING btree ("order_id","reason") WHERE "coin_ledger"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_key" ON "users" USING btree ("email") WHERE "users"."email_verified";--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
-- Hand-written: each account's provider sign-in becomes its first linked identity.
INSERT INTO "user_identities" ("provider", "subject", "user_id", "email", "email_verified")
SELECT "provider", "provider_subject", "id", "email", "email_verified" FROM "users"
WHERE "provider" IN ('google', 'facebook') AND "provider_subject" IS NOT NULL;--> statement-breakpoint
-- Hand-written: the coin ledger is append-only; a correction is a new row (PostgreSQL 15 and PGlite alike).
CREATE FUNCTION "coin_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'coin_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "coin_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "coin_ledger"
FOR EACH ROW EXECUTE FUNCTION "coin_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "coin_ledger_no_truncate" BEFORE TRUNCATE ON "coin_ledger"
FOR EACH STATEMENT EXECUTE FUNCTION "coin_ledger_append_only"();
