-- Hand-written (decision 0028): live events are announced after their change commits, by the API, no longer by a
-- NOTIFY inside the changing transaction. A NOTIFY makes PostgreSQL serialise the commits of every transaction that
-- sent one (a database-wide lock held through the commit's flush), which capped placement and bank notifications at
-- one commit at a time; the API now batches the announcements of many changes into one NOTIFY after they commit
-- (modules/events/hub.ts). publish_event only writes the event row and answers its id, and the two one-round-trip
-- functions (0006 place_order, 0011 receive_paying_transfer) answer their events' ids so the API can announce them;
-- they are otherwise unchanged.
CREATE OR REPLACE FUNCTION "publish_event"(p_kind text, p_entity_id text, p_user_id uuid, p_cause text, p_origin text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  -- p_origin is kept for the callers' sake: the instance that made the change announces it itself.
  INSERT INTO "events" ("kind", "entity_id", "user_id", "cause") VALUES (p_kind, p_entity_id, p_user_id, p_cause)
  RETURNING "id" INTO v_id;
  RETURN v_id;
END;
$$;--> statement-breakpoint
-- As in 0006, answering 'placed' with the event's id.
CREATE OR REPLACE FUNCTION "place_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_order jsonb := p->'order';
  v_user uuid := (v_order->>'user_id')::uuid;
  v_key text := v_order->>'idempotency_key';
  v_coins_needed bigint := (p->>'coins_needed')::bigint;
  v_coin_total bigint;
  v_earlier record;
  v_pending bigint;
  v_id uuid;
BEGIN
  -- A customer's orders queue here: coins are never overspent, and a retried key finds its first order.
  SELECT u."coin_total" INTO v_coin_total FROM "users" u WHERE u."id" = v_user FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no_user');
  END IF;
  IF v_key IS NOT NULL THEN
    SELECT o."id", o."request_hash" INTO v_earlier FROM "orders" o WHERE o."user_id" = v_user AND o."idempotency_key" = v_key;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'replay', 'id', v_earlier."id", 'request_hash', v_earlier."request_hash");
    END IF;
  END IF;
  IF v_coins_needed > 0 THEN
    -- Coins held by the customer's open coin orders (pay_method 0, status 0 or 1): db/order-conditions.ts.
    SELECT coalesce(sum(o."total_coin"), 0) INTO v_pending FROM "orders" o
    WHERE o."user_id" = v_user AND o."pay_method" = 0 AND o."status" IN (0, 1);
    IF v_coin_total - v_pending < v_coins_needed THEN
      RETURN jsonb_build_object('outcome', 'no_coins');
    END IF;
  END IF;
  INSERT INTO "orders" ("id", "code", "user_id", "platform_id", "platform_name", "status", "pay_method", "pay_qr_code",
    "total_price_vnd", "total_coin", "total_gift_coin", "order_bank_name", "order_contact", "order_account",
    "order_pass_encrypted", "order_server", "order_uid", "order_comment", "idempotency_key", "request_hash", "due_at", "created_at")
  SELECT r."id", r."code", r."user_id", r."platform_id", r."platform_name", r."status", r."pay_method", r."pay_qr_code",
    r."total_price_vnd", r."total_coin", r."total_gift_coin", r."order_bank_name", r."order_contact", r."order_account",
    r."order_pass_encrypted", r."order_server", r."order_uid", r."order_comment", r."idempotency_key", r."request_hash", r."due_at", r."created_at"
  FROM jsonb_populate_record(NULL::"orders", v_order) r
  ON CONFLICT ("code") DO NOTHING
  RETURNING "id" INTO v_id;
  IF v_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'code_taken');
  END IF;
  INSERT INTO "order_lines" ("order_id", "position", "store_id", "name", "price_vnd", "coin_cost", "gift_coin", "quantity")
  SELECT v_id, l."position", l."store_id", l."name", l."price_vnd", l."coin_cost", l."gift_coin", l."quantity"
  FROM jsonb_to_recordset(p->'lines')
    AS l("position" integer, "store_id" integer, "name" text, "price_vnd" bigint, "coin_cost" bigint, "gift_coin" bigint, "quantity" integer);
  INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "after")
  VALUES (v_user, p->'audit'->>'action', 'order', v_id::text, p->'audit'->'after');
  RETURN jsonb_build_object('outcome', 'placed',
    'event_id', "publish_event"(p->'event'->>'kind', v_id::text, v_user, p->'event'->>'cause', p->'event'->>'origin'));
END;
$$;--> statement-breakpoint
-- As in 0011, answering 'matched' with the order (as it was before the payment) and its lines, and both events' ids.
CREATE OR REPLACE FUNCTION "receive_paying_transfer"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_in "bank_transfers";
  v_t "bank_transfers";
  v_o "orders";
  v_code text;
  v_id uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_excess bigint;
  v_order_event bigint;
BEGIN
  v_in := jsonb_populate_record(NULL::"bank_transfers", p->'transfer');
  -- A notification stored before: handled already (a retry, a replay), or left by a delivery that failed.
  SELECT * INTO v_t FROM "bank_transfers" WHERE "provider" = v_in."provider" AND "provider_tx_id" = v_in."provider_tx_id" FOR UPDATE;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', CASE WHEN v_t."status" = 'received' THEN 'other' ELSE 'handled' END, 'transfer_id', v_t."id");
  END IF;
  IF v_in."direction" <> 'in' THEN
    RETURN jsonb_build_object('outcome', 'other');
  END IF;
  -- Another provider's report of the same movement (modules/payments/repository.ts findFirstReport): the long way.
  -- Looked for by reference and by memo apart, each through its own index (0008's bank_transfers_reference_idx,
  -- 0011's bank_transfers_memo_idx): asked as one condition with an OR, PostgreSQL read every transfer of the
  -- amount, and every top-up of one price is one amount (2.4 ms at 20,000 transfers, more with each payment).
  IF v_in."reference" <> '' THEN
    PERFORM 1 FROM "bank_transfers" b
    WHERE b."account_number" = v_in."account_number" AND b."reference" = v_in."reference" AND b."reference" <> ''
      AND b."provider" <> v_in."provider" AND b."direction" = 'in' AND b."amount_vnd" = v_in."amount_vnd"
      AND b."status" NOT IN ('duplicate', 'manual', 'verified', 'invalid', 'received')
    LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'other');
    END IF;
  END IF;
  PERFORM 1 FROM "bank_transfers" b
  WHERE b."amount_vnd" = v_in."amount_vnd"
    AND regexp_replace(lower(b."content"), '[^a-z0-9]', '', 'g') = regexp_replace(lower(v_in."content"), '[^a-z0-9]', '', 'g')
    AND b."transaction_at" >= date_trunc('minute', v_in."transaction_at")
    AND b."transaction_at" < date_trunc('minute', v_in."transaction_at") + interval '1 minute'
    AND b."provider" <> v_in."provider" AND b."direction" = 'in' AND b."account_number" = v_in."account_number"
    AND b."status" NOT IN ('duplicate', 'manual', 'verified', 'invalid', 'received')
  LIMIT 1;
  IF FOUND THEN
    RETURN jsonb_build_object('outcome', 'other');
  END IF;
  -- The first code that names an order, locked.
  FOR v_code IN SELECT jsonb_array_elements_text(p->'codes') LOOP
    SELECT * INTO v_o FROM "orders" WHERE "code" = v_code FOR UPDATE;
    EXIT WHEN FOUND;
  END LOOP;
  -- An unpaid bank order (modules/orders/conditions.ts isUnpaidBankOrder) paid in full; anything else the long way.
  IF v_o."id" IS NULL OR v_o."pay_method" <> 1 OR v_o."status" <> 0 OR v_in."amount_vnd" < v_o."total_price_vnd" THEN
    RETURN jsonb_build_object('outcome', 'other');
  END IF;
  v_excess := v_in."amount_vnd" - v_o."total_price_vnd";
  -- Stored as it ends up (matched), in one write. A simultaneous delivery of the same notification that stored it
  -- first: the long way, which finds it.
  INSERT INTO "bank_transfers" ("provider", "provider_tx_id", "raw_body", "direction", "account_number", "amount_vnd",
    "content", "provider_code", "reference", "transaction_at", "received_at", "source", "updated_at",
    "status", "reason", "order_id", "excess_vnd", "handled_at")
  VALUES (v_in."provider", v_in."provider_tx_id", v_in."raw_body", v_in."direction", v_in."account_number", v_in."amount_vnd",
    v_in."content", v_in."provider_code", v_in."reference", v_in."transaction_at", v_in."received_at", v_in."source", v_now,
    'matched', '', v_o."id", v_excess, v_now)
  ON CONFLICT ("provider", "provider_tx_id") DO NOTHING
  RETURNING "id" INTO v_id;
  IF v_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'other');
  END IF;
  UPDATE "orders" SET "status" = 1, "paid_at" = (p->>'paid_at')::timestamptz, "due_at" = (p->>'due_at')::timestamptz,
    "received_vnd" = v_o."received_vnd" + v_in."amount_vnd", "excess_vnd" = v_o."excess_vnd" + v_excess, "updated_at" = v_now
  WHERE "id" = v_o."id";
  INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "before", "after", "reason")
  VALUES (NULL, 'order.status', 'order', v_o."id"::text,
    jsonb_build_object('status', 0, 'due_at', to_char(v_o."due_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    jsonb_build_object('status', 1, 'due_at', p->>'due_at', 'transfer_id', v_id, 'provider', v_in."provider",
      'provider_tx_id', v_in."provider_tx_id", 'amount_vnd', v_in."amount_vnd", 'excess_vnd', v_excess,
      'transaction_at', to_char(v_in."transaction_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    p->>'reason');
  v_order_event := "publish_event"('order', v_o."id"::text, v_o."user_id", 'paid', p->>'origin');
  RETURN jsonb_build_object('outcome', 'matched', 'transfer_id', v_id, 'order_code', v_o."code",
    'order_id', v_o."id", 'user_id', v_o."user_id", 'order_event_id', v_order_event,
    'transfer_event_id', "publish_event"('transfer', v_id::text, NULL, 'received', p->>'origin'),
    -- The order as it was before this payment, and its lines: with the status and due time it now has, what its
    -- customer's live streams show, sent without reading it back.
    'order', to_jsonb(v_o) - 'order_pass_encrypted' - 'idempotency_key' - 'request_hash',
    'lines', (SELECT coalesce(jsonb_agg(to_jsonb(l) ORDER BY l."position"), '[]'::jsonb) FROM "order_lines" l WHERE l."order_id" = v_o."id"));
END;
$$;
