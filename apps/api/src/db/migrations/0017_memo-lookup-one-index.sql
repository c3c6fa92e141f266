-- Hand-written (decision 0026, amended): the lookup of another provider's report of the same movement, by amount,
-- memo and minute, fits one index only. receive_paying_transfer's kept (generic) plan of it had settled on an index
-- that holds the amount or the time but not the memo, bank_transfers_amount_time_idx (0008) or
-- bank_transfers_transaction_idx (0002), and read every transfer of the amount, or of the minute, on each
-- notification: in a burst of payments of one price each one cost more than the last (8 ms of PostgreSQL's time
-- with 1,400 transfers of one amount in one minute; PostgreSQL's time per notification rose from 1.9 to 3.5 ms
-- over three 5-second bursts). bank_transfers_amount_time_idx goes: migration 0011's bank_transfers_memo_idx
-- (amount, memo, time) answers everything it did, the console's filter by amount included. The minute is
-- compared truncated, which no index serves, so the memo index, by amount and memo, is the only one that fits.
-- The function is otherwise 0014's.
DROP INDEX IF EXISTS "bank_transfers_amount_time_idx";--> statement-breakpoint
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
  -- The memo's condition fits its index and no other (see the head of this migration).
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
  -- The minute compared truncated, not as a range: a range would fit bank_transfers_transaction_idx too, and a kept
  -- plan could read the minute's every transfer through it. Amount and memo are all an index can go by here.
  PERFORM 1 FROM "bank_transfers" b
  WHERE b."amount_vnd" = v_in."amount_vnd"
    AND regexp_replace(lower(b."content"), '[^a-z0-9]', '', 'g') = regexp_replace(lower(v_in."content"), '[^a-z0-9]', '', 'g')
    AND date_trunc('minute', b."transaction_at") = date_trunc('minute', v_in."transaction_at")
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
