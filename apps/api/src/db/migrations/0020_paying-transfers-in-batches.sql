-- Hand-written (decision 0031): bank notifications that pay orders at the same moment are written together, one
-- round trip and one commit for many, as placements are (0019). receive_paying_transfers takes an array of
-- receive_paying_transfer's arguments and answers an object whose keys are their positions (from 1) and whose values
-- are receive_paying_transfer's answers, unchanged. It runs them in the order of the shard of the order each memo
-- names (shop_day_shard, 0005), those naming none last: paying an order moves it between the day's figure rows, whose
-- deferred triggers then lock those rows in ascending shard order, as every placement batch does, so two batches
-- never wait on each other in a circle there. Any error rolls the whole batch back, and the caller writes each
-- transfer alone (modules/orders/paying-batches.ts).
CREATE FUNCTION "receive_paying_transfers"(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_item record;
  v_answers jsonb := '{}'::jsonb;
BEGIN
  FOR v_item IN
    SELECT e."value", e."ordinality",
      (SELECT "shop_day_shard"(o."id")
        FROM jsonb_array_elements_text(e."value"->'codes') WITH ORDINALITY c("code", "n")
        JOIN "orders" o ON o."code" = c."code"
        ORDER BY c."n" LIMIT 1) AS "shard"
    FROM jsonb_array_elements(p) WITH ORDINALITY e
    ORDER BY "shard" NULLS LAST, e."ordinality"
  LOOP
    v_answers := v_answers || jsonb_build_object(v_item."ordinality"::text, "receive_paying_transfer"(v_item."value"));
  END LOOP;
  RETURN v_answers;
END;
$$;
