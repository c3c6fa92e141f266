-- Hand-written (decision 0031): orders placed at the same moment are written together, one round trip and one
-- commit for many. place_orders takes an array of place_order's arguments and answers an object whose keys are
-- their positions (from 1) and whose values are place_order's answers, unchanged. It runs them in the order of
-- shop_day_shard(id): the deferred triggers then lock the day's figure rows in ascending shard order in every batch,
-- so two batches never wait on each other in a circle there. Any error rolls the whole batch back, and the caller
-- places each of its orders alone (modules/orders/placement-batches.ts), so one bad order costs the others only time.
CREATE FUNCTION "place_orders"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_answers jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN
    SELECT e."value", e."ordinality" FROM jsonb_array_elements(p) WITH ORDINALITY e
    ORDER BY "shop_day_shard"((e."value"->'order'->>'id')::uuid), e."ordinality"
  LOOP
    v_answers := v_answers || jsonb_build_object(v_item."ordinality"::text, "place_order"(v_item."value"));
  END LOOP;
  RETURN v_answers;
END;
$$;
