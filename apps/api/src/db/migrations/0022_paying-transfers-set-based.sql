-- Hand-written (decision 0048): a batch of bank notifications is written as a few statements over the whole batch,
-- not as one receive_paying_transfer call per notification, as 0021 did for placement. receive_paying_transfer, run
-- per notification, spent most of its time starting and ending its own statements (about a dozen each). The answers
-- are unchanged: an object whose keys are the notifications' positions (from 1) and whose values are what
-- receive_paying_transfer would have answered alone, the notifications taken in the order of the shard of the
-- order each names (0020).
--
-- Each notification is first sorted, in one statement, into one of three ways:
-- - 'alone': stored before (a retry, a replay), or sharing something with another notification of the batch (its
--   provider's id, the order it names, another provider's report of the same movement by reference or by memo and
--   minute). These go through receive_paying_transfer one by one, in the batch's order, after the others: what the
--   others write touches nothing such a notification looks at, so it finds what it would have found in turn.
-- - 'other': not money in, naming no order, or another provider's report of a movement already stored. Answered
--   'other', as receive_paying_transfer answers them, writing nothing.
-- - 'set': the rest. Their orders are locked in one statement in shard order, and those still unpaid bank orders
--   the transfer pays in full are paid together: the transfers stored matched, the orders moved 0 → 1, their audit
--   rows and their two events each, one statement apiece. A transfer whose provider id another transaction stored
--   meanwhile (the insert finds it) and an order no longer payable once locked are answered 'other'.
-- Orders are updated and their events written in shard order, so the deferred triggers of the day's figures lock
-- those rows in ascending shard order, as every batch does. Any error rolls the whole batch back, and the caller
-- writes each transfer alone (modules/orders/paying-batches.ts).
CREATE TYPE "paying_transfer_item" AS ("ord" integer, "value" jsonb, "transfer" "bank_transfers", "order_id" uuid, "shard" smallint, "way" text);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "receive_paying_transfers"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_items "paying_transfer_item"[];
  v_item "paying_transfer_item";
  v_answers jsonb;
BEGIN
  -- Materialized: each notification's record is built once, not once for every field read from it.
  WITH "items" AS MATERIALIZED (
    SELECT e."ordinality"::integer AS "ord", e."value", jsonb_populate_record(NULL::"bank_transfers", e."value"->'transfer') AS "t",
      -- The first code that names an order, as receive_paying_transfer takes it.
      (SELECT o."id" FROM jsonb_array_elements_text(e."value"->'codes') WITH ORDINALITY c("code", "n")
        JOIN "orders" o ON o."code" = c."code" ORDER BY c."n" LIMIT 1) AS "order_id"
    FROM jsonb_array_elements(p) WITH ORDINALITY e
  ), "keyed" AS (
    SELECT i.*, regexp_replace(lower((i."t")."content"), '[^a-z0-9]', '', 'g') AS "memo"
    FROM "items" i
  ), "marked" AS (
    SELECT k.*,
      count(*) OVER (PARTITION BY (k."t")."provider", (k."t")."provider_tx_id") > 1
        OR (k."order_id" IS NOT NULL AND count(*) OVER (PARTITION BY k."order_id") > 1)
        OR ((k."t")."reference" <> '' AND min((k."t")."provider") OVER "by_reference" <> max((k."t")."provider") OVER "by_reference")
        OR min((k."t")."provider") OVER "by_memo" <> max((k."t")."provider") OVER "by_memo" AS "shared"
    FROM "keyed" k
    WINDOW "by_reference" AS (PARTITION BY (k."t")."account_number", (k."t")."reference"),
      "by_memo" AS (PARTITION BY (k."t")."account_number", (k."t")."amount_vnd", k."memo", date_trunc('minute', (k."t")."transaction_at"))
  )
  SELECT array_agg(ROW(m."ord", m."value", m."t", m."order_id", "shop_day_shard"(m."order_id"),
    CASE
      WHEN m."shared" OR EXISTS (SELECT 1 FROM "bank_transfers" b
        WHERE b."provider" = (m."t")."provider" AND b."provider_tx_id" = (m."t")."provider_tx_id") THEN 'alone'
      WHEN (m."t")."direction" <> 'in' OR m."order_id" IS NULL THEN 'other'
      -- Another provider's report of the same movement: by reference, then by memo and minute, each through its own
      -- index, as receive_paying_transfer looks (0017).
      WHEN (m."t")."reference" <> '' AND EXISTS (SELECT 1 FROM "bank_transfers" b
        WHERE b."account_number" = (m."t")."account_number" AND b."reference" = (m."t")."reference" AND b."reference" <> ''
          AND b."provider" <> (m."t")."provider" AND b."direction" = 'in' AND b."amount_vnd" = (m."t")."amount_vnd"
          AND b."status" NOT IN ('duplicate', 'manual', 'verified', 'invalid', 'received')) THEN 'other'
      WHEN EXISTS (SELECT 1 FROM "bank_transfers" b
        WHERE b."amount_vnd" = (m."t")."amount_vnd"
          AND regexp_replace(lower(b."content"), '[^a-z0-9]', '', 'g') = m."memo"
          AND date_trunc('minute', b."transaction_at") = date_trunc('minute', (m."t")."transaction_at")
          AND b."provider" <> (m."t")."provider" AND b."direction" = 'in' AND b."account_number" = (m."t")."account_number"
          AND b."status" NOT IN ('duplicate', 'manual', 'verified', 'invalid', 'received')) THEN 'other'
      ELSE 'set'
    END)::"paying_transfer_item" ORDER BY "shop_day_shard"(m."order_id") NULLS LAST, m."ord")
  INTO v_items
  FROM "marked" m;

  SELECT coalesce(jsonb_object_agg(i."ord"::text, jsonb_build_object('outcome', 'other')), '{}'::jsonb) INTO v_answers
  FROM unnest(v_items) i WHERE i."way" = 'other';

  -- The orders of the 'set' notifications, locked in shard order.
  PERFORM 1 FROM (
    SELECT o."id" FROM "orders" o
    WHERE o."id" IN (SELECT i."order_id" FROM unnest(v_items) i WHERE i."way" = 'set')
    ORDER BY "shop_day_shard"(o."id")
    FOR UPDATE
  ) o;

  -- Those of them still unpaid bank orders paid in full (modules/orders/conditions.ts isUnpaidBankOrder): the transfers
  -- stored as they end up (matched), in one write. Each answer is kept with the order as it was before this payment,
  -- and its lines: with the status and due time it now has, what its customer's live streams show.
  WITH "payable" AS (
    SELECT i."ord", i."value", i."transfer" AS "t", i."shard", o AS "o", (i."transfer")."amount_vnd" - o."total_price_vnd" AS "excess"
    FROM unnest(v_items) i JOIN "orders" o ON o."id" = i."order_id"
    WHERE i."way" = 'set' AND o."pay_method" = 1 AND o."status" = 0 AND (i."transfer")."amount_vnd" >= o."total_price_vnd"
  ), "stored" AS (
    INSERT INTO "bank_transfers" ("provider", "provider_tx_id", "raw_body", "direction", "account_number", "amount_vnd",
      "content", "provider_code", "reference", "transaction_at", "received_at", "source", "updated_at",
      "status", "reason", "order_id", "excess_vnd", "handled_at")
    SELECT (y."t")."provider", (y."t")."provider_tx_id", (y."t")."raw_body", (y."t")."direction", (y."t")."account_number",
      (y."t")."amount_vnd", (y."t")."content", (y."t")."provider_code", (y."t")."reference", (y."t")."transaction_at",
      (y."t")."received_at", (y."t")."source", (y."value"->>'now')::timestamptz,
      'matched', '', (y."o")."id", y."excess", (y."value"->>'now')::timestamptz
    FROM "payable" y
    ORDER BY y."shard", y."ord"
    ON CONFLICT ("provider", "provider_tx_id") DO NOTHING
    RETURNING "id", "order_id"
  )
  SELECT v_answers || coalesce(jsonb_object_agg(y."ord"::text, jsonb_build_object('outcome', 'matched',
      'transfer_id', s."id", 'order_code', (y."o")."code", 'order_id', (y."o")."id", 'user_id', (y."o")."user_id",
      'order', to_jsonb(y."o") - 'order_pass_encrypted' - 'idempotency_key' - 'request_hash',
      'lines', (SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l."position"), '[]'::jsonb) FROM "order_lines" l WHERE l."order_id" = (y."o")."id"),
      'excess_vnd', y."excess", 'due_at_before', to_char((y."o")."due_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))), '{}'::jsonb)
  INTO v_answers
  FROM "stored" s JOIN "payable" y ON (y."o")."id" = s."order_id";

  UPDATE "orders" o SET "status" = 1, "paid_at" = (x."value"->>'paid_at')::timestamptz, "due_at" = (x."value"->>'due_at')::timestamptz,
    "received_vnd" = o."received_vnd" + (x."transfer")."amount_vnd", "excess_vnd" = o."excess_vnd" + (v_answers->x."ord"::text->>'excess_vnd')::bigint,
    "updated_at" = (x."value"->>'now')::timestamptz
  FROM (
    SELECT i.* FROM unnest(v_items) i
    WHERE i."way" = 'set' AND v_answers->i."ord"::text->>'outcome' = 'matched'
    ORDER BY i."shard", i."ord"
  ) x
  WHERE o."id" = x."order_id";

  INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "before", "after", "reason")
  SELECT NULL, 'order.status', 'order', x."order_id"::text,
    jsonb_build_object('status', 0, 'due_at', x."a"->>'due_at_before'),
    jsonb_build_object('status', 1, 'due_at', x."value"->>'due_at', 'transfer_id', x."a"->'transfer_id',
      'provider', (x."transfer")."provider", 'provider_tx_id', (x."transfer")."provider_tx_id",
      'amount_vnd', (x."transfer")."amount_vnd", 'excess_vnd', (x."a"->>'excess_vnd')::bigint,
      'transaction_at', to_char((x."transfer")."transaction_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    x."value"->>'reason'
  FROM (SELECT i.*, v_answers->i."ord"::text AS "a" FROM unnest(v_items) i WHERE i."way" = 'set') x
  WHERE x."a"->>'outcome' = 'matched'
  ORDER BY x."shard", x."ord";

  -- publish_event's rows: each order's 'paid', then its transfer's 'received', in shard order.
  WITH "published" AS (
    INSERT INTO "events" ("kind", "entity_id", "user_id", "cause")
    SELECT k."kind", k."entity_id", k."user_id", k."cause"
    FROM (SELECT i."ord", i."shard", v_answers->i."ord"::text AS "a" FROM unnest(v_items) i WHERE i."way" = 'set') x,
      LATERAL (VALUES
        (1, 'order', x."a"->>'order_id', (x."a"->>'user_id')::uuid, 'paid'),
        (2, 'transfer', x."a"->>'transfer_id', NULL::uuid, 'received')) k("n", "kind", "entity_id", "user_id", "cause")
    WHERE x."a"->>'outcome' = 'matched'
    ORDER BY x."shard", x."ord", k."n"
    RETURNING "id", "kind", "entity_id"
  )
  SELECT v_answers || coalesce(jsonb_object_agg(x."ord"::text,
      (x."a" - 'excess_vnd' - 'due_at_before') || jsonb_build_object('order_event_id', w_order."id", 'transfer_event_id', w_transfer."id")), '{}'::jsonb)
  INTO v_answers
  FROM (SELECT i."ord", v_answers->i."ord"::text AS "a" FROM unnest(v_items) i WHERE i."way" = 'set') x
    JOIN "published" w_order ON w_order."kind" = 'order' AND w_order."entity_id" = x."a"->>'order_id'
    JOIN "published" w_transfer ON w_transfer."kind" = 'transfer' AND w_transfer."entity_id" = x."a"->>'transfer_id';

  -- 'set' notifications that paid nothing: the transfer stored meanwhile by another transaction, or the order no
  -- longer payable.
  SELECT v_answers || coalesce(jsonb_object_agg(i."ord"::text, jsonb_build_object('outcome', 'other')), '{}'::jsonb) INTO v_answers
  FROM unnest(v_items) i WHERE i."way" = 'set' AND NOT v_answers ? i."ord"::text;

  FOREACH v_item IN ARRAY v_items LOOP
    CONTINUE WHEN v_item."way" <> 'alone';
    v_answers := v_answers || jsonb_build_object(v_item."ord"::text, "receive_paying_transfer"(v_item."value"));
  END LOOP;
  RETURN v_answers;
END;
$$;
