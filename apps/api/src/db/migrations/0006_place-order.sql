-- Hand-written (decision 0017): placing an order in one round trip, the same on PostgreSQL 15 and PGlite.
-- The API prices and seals the order (modules/orders/service.ts); these functions write it under the
-- customer's row lock. Each statement of a plpgsql function takes a fresh snapshot (READ COMMITTED), so the
-- open coin orders summed after the lock include every order committed while this one waited for it.

-- An event row and its NOTIFY (delivered at commit), with the payload modules/events/hub.ts reads back.
CREATE FUNCTION "publish_event"(p_kind text, p_entity_id text, p_user_id uuid, p_cause text, p_origin text)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_id bigint;
BEGIN
  INSERT INTO "events" ("kind", "entity_id", "user_id", "cause") VALUES (p_kind, p_entity_id, p_user_id, p_cause)
  RETURNING "id" INTO v_id;
  PERFORM pg_notify('lucky_events', json_build_object('id', v_id, 'kind', p_kind, 'entityId', p_entity_id,
    'userId', p_user_id, 'cause', p_cause, 'origin', p_origin)::text);
  RETURN v_id;
END;
$$;--> statement-breakpoint
-- p: { order: the orders row by column name, lines: [order_lines rows without order_id],
--      coins_needed: coins the order reserves (0 for a bank order), audit: { action, after },
--      event: { kind, cause, origin } }.
-- Answers { outcome }: 'placed'; 'replay' with the id and request_hash of the order placed earlier with
-- the same idempotency key; 'no_user'; 'no_coins'; 'code_taken' (nothing written: draw another code).
CREATE FUNCTION "place_order"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
  PERFORM "publish_event"(p->'event'->>'kind', v_id::text, v_user, p->'event'->>'cause', p->'event'->>'origin');
  RETURN jsonb_build_object('outcome', 'placed');
END;
$$;
