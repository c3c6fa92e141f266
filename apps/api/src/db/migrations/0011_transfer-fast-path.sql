-- Hand-written (decision 0026): a bank notification that pays an unpaid bank order, in one round trip, the same on
-- PostgreSQL 15 and PGlite. The API reads and checks the notification, finds the order codes in its memo and works
-- out the promise's due time from the payment time (modules/payments/service.ts, the shop clock); this function
-- stores the transfer and, when it plainly pays the order its memo names, writes everything the lifecycle's
-- 0 → 1 move writes (modules/orders/lifecycle.ts): the order's status, payment time, due time and money, its audit
-- row and event, the transfer stored matched and its event. Anything else (a second report of a movement, no order,
-- an order not waiting for this money, too little money) answers 'other' having written nothing, and the API stores
-- and decides it the long way, exactly as before.
--
-- p: { transfer: the bank_transfers row by column name (as stored on arrival), codes: [order codes in the memo],
--      paid_at, due_at (ISO text, as the audit row keeps it), now, reason (the audit row's),
--      origin (the instance, for the events) }.
-- Answers { outcome, transfer_id, order_code }: 'matched'; 'handled' (the transfer was handled already: a retry or
-- a replay); 'other' (nothing written).
-- Another provider's report of one movement is found by its memo (letters and digits, lower-case) within the amount
-- and the minute, through this index: a common amount (every 100,000 VND top-up) no longer means reading every
-- transfer of it, more with each payment.
CREATE INDEX "bank_transfers_memo_idx" ON "bank_transfers" USING btree
  ("amount_vnd", (regexp_replace(lower("content"), '[^a-z0-9]', '', 'g')), "transaction_at");--> statement-breakpoint
CREATE FUNCTION "receive_paying_transfer"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_in "bank_transfers";
  v_t "bank_transfers";
  v_o "orders";
  v_code text;
  v_id uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_excess bigint;
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
  PERFORM 1 FROM "bank_transfers" b
  WHERE b."provider" <> v_in."provider" AND b."direction" = 'in'
    AND b."account_number" = v_in."account_number" AND b."amount_vnd" = v_in."amount_vnd"
    AND b."status" NOT IN ('duplicate', 'manual', 'verified', 'invalid', 'received')
    AND ((v_in."reference" <> '' AND b."reference" = v_in."reference")
      OR (b."transaction_at" >= date_trunc('minute', v_in."transaction_at")
        AND b."transaction_at" < date_trunc('minute', v_in."transaction_at") + interval '1 minute'
        AND regexp_replace(lower(b."content"), '[^a-z0-9]', '', 'g') = regexp_replace(lower(v_in."content"), '[^a-z0-9]', '', 'g')))
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
  PERFORM "publish_event"('order', v_o."id"::text, v_o."user_id", 'paid', p->>'origin');
  PERFORM "publish_event"('transfer', v_id::text, NULL, 'received', p->>'origin');
  RETURN jsonb_build_object('outcome', 'matched', 'transfer_id', v_id, 'order_code', v_o."code");
END;
$$;
