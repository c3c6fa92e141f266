-- Hand-written (decision 0046): a batch of placements is written as a few statements over the whole batch, not as
-- one place_order call per order. place_order, run per order, spent most of its time starting and ending its own
-- statements (the customer's lock, the order, its lines, its audit row, its event: five per order); here each of
-- those is one statement for the lot. The answers are unchanged: an object whose keys are the orders' positions
-- (from 1) and whose values are what place_order would have answered alone.
--
-- - Every customer of the batch is locked in one statement, in the order of their ids, before anything is written:
--   place_order's lock, under which a customer's orders queue and a retried key finds its first order.
-- - Coin orders still go one at a time through place_order, first: each must see the coins the one before it held.
--   So do orders whose customer is gone (place_order answers 'no_user').
-- - The bank orders are inserted together; an insert a unique index refuses (a used key, a taken code) is answered
--   after the others are written, as place_order does: 'replay' with the order placed earlier under that key
--   (placed_with_key, which also finds one placed earlier in this batch), else 'code_taken'.
-- - Orders, and their events, are written in the order of shop_day_shard(id), as 0019 did: the deferred triggers of
--   the day's figures then lock those rows in ascending shard order, and two batches never wait on each other in a
--   circle there.
-- Any error rolls the whole batch back, and the caller places each of its orders alone (modules/orders/
-- placement-batches.ts), so one bad order costs the others only time.
CREATE OR REPLACE FUNCTION "place_orders"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_users uuid[];
  v_placed uuid[];
  v_answers jsonb := '{}'::jsonb;
BEGIN
  SELECT coalesce(array_agg(u."id"), '{}') INTO v_users FROM (
    SELECT u."id" FROM "users" u
    WHERE u."id" IN (SELECT (e->'order'->>'user_id')::uuid FROM jsonb_array_elements(p) e)
    ORDER BY u."id"
    FOR UPDATE
  ) u;

  FOR v_item IN
    SELECT e."value", e."ordinality" FROM jsonb_array_elements(p) WITH ORDINALITY e
    WHERE (e."value"->>'coins_needed')::bigint > 0 OR ((e."value"->'order'->>'user_id')::uuid = ANY(v_users)) IS NOT TRUE
    ORDER BY "shop_day_shard"((e."value"->'order'->>'id')::uuid), e."ordinality"
  LOOP
    v_answers := v_answers || jsonb_build_object(v_item."ordinality"::text, "place_order"(v_item."value"));
  END LOOP;

  -- No conflict target, as in place_order: any unique index refuses the row.
  WITH "written" AS (
    INSERT INTO "orders" ("id", "code", "user_id", "platform_id", "platform_name", "status", "pay_method", "pay_qr_code",
      "total_price_vnd", "total_coin", "total_gift_coin", "order_bank_name", "order_contact", "order_account",
      "order_pass_encrypted", "order_server", "order_uid", "order_comment", "idempotency_key", "request_hash", "due_at", "created_at")
    SELECT r."id", r."code", r."user_id", r."platform_id", r."platform_name", r."status", r."pay_method", r."pay_qr_code",
      r."total_price_vnd", r."total_coin", r."total_gift_coin", r."order_bank_name", r."order_contact", r."order_account",
      r."order_pass_encrypted", r."order_server", r."order_uid", r."order_comment", r."idempotency_key", r."request_hash", r."due_at", r."created_at"
    FROM jsonb_array_elements(p) WITH ORDINALITY e, jsonb_populate_record(NULL::"orders", e."value"->'order') r
    WHERE (e."value"->>'coins_needed')::bigint = 0 AND r."user_id" = ANY(v_users)
    ORDER BY "shop_day_shard"(r."id"), e."ordinality"
    ON CONFLICT DO NOTHING
    RETURNING "id"
  ) SELECT coalesce(array_agg("id"), '{}') INTO v_placed FROM "written";

  INSERT INTO "order_lines" ("order_id", "position", "store_id", "name", "price_vnd", "coin_cost", "gift_coin", "quantity")
  SELECT (e."value"->'order'->>'id')::uuid, l."position", l."store_id", l."name", l."price_vnd", l."coin_cost", l."gift_coin", l."quantity"
  FROM jsonb_array_elements(p) e,
    jsonb_to_recordset(e."value"->'lines')
      AS l("position" integer, "store_id" integer, "name" text, "price_vnd" bigint, "coin_cost" bigint, "gift_coin" bigint, "quantity" integer)
  WHERE (e."value"->'order'->>'id')::uuid = ANY(v_placed);

  INSERT INTO "audit_log" ("actor_id", "action", "entity", "entity_id", "after")
  SELECT (e."value"->'order'->>'user_id')::uuid, e."value"->'audit'->>'action', 'order', e."value"->'order'->>'id', e."value"->'audit'->'after'
  FROM jsonb_array_elements(p) e
  WHERE (e."value"->'order'->>'id')::uuid = ANY(v_placed);

  -- publish_event's row, for each order written.
  WITH "published" AS (
    INSERT INTO "events" ("kind", "entity_id", "user_id", "cause")
    SELECT e."value"->'event'->>'kind', e."value"->'order'->>'id', (e."value"->'order'->>'user_id')::uuid, e."value"->'event'->>'cause'
    FROM jsonb_array_elements(p) WITH ORDINALITY e
    WHERE (e."value"->'order'->>'id')::uuid = ANY(v_placed)
    ORDER BY "shop_day_shard"((e."value"->'order'->>'id')::uuid), e."ordinality"
    RETURNING "id", "entity_id"
  ) SELECT v_answers || coalesce(jsonb_object_agg(e."ordinality"::text, jsonb_build_object('outcome', 'placed', 'event_id', w."id")), '{}')
  INTO v_answers
  FROM "published" w JOIN jsonb_array_elements(p) WITH ORDINALITY e ON e."value"->'order'->>'id' = w."entity_id";

  -- The bank orders a unique index refused.
  FOR v_item IN
    SELECT e."value", e."ordinality" FROM jsonb_array_elements(p) WITH ORDINALITY e
    WHERE NOT v_answers ? e."ordinality"::text
    ORDER BY e."ordinality"
  LOOP
    v_answers := v_answers || jsonb_build_object(v_item."ordinality"::text, coalesce(
      "placed_with_key"((v_item."value"->'order'->>'user_id')::uuid, v_item."value"->'order'->>'idempotency_key'),
      jsonb_build_object('outcome', 'code_taken')));
  END LOOP;
  RETURN v_answers;
END;
$$;
