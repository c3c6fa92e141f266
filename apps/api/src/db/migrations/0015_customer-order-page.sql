-- Hand-written (decision 0016, amended): a customer's page of orders as its response body, in one call. The
-- function answers `{ rows, total }` as JSON text in the wire shape of the API's order list (packages/shared
-- guards.ts orderList; each row as modules/orders/reads.ts toOrder gives an order), so the API sends it as it is
-- instead of decoding, mapping, validating and encoding every order again. Its statement is planned once per
-- session and kept (plpgsql), where a statement sent as text was planned on every call: on PGlite, which keeps
-- no statement between calls, planning cost more than running it. The plan is the generic one whatever the
-- customer, page or status (force_generic_plan): every customer's page is read off orders_user_created_idx, and
-- PostgreSQL would otherwise plan again on every call once an unknown offset made the generic plan look dearer.
-- Times are written as JavaScript's toISOString writes them (UTC, milliseconds, 'Z').
CREATE FUNCTION "customer_order_page"(p_user uuid, p_status smallint, p_limit integer, p_offset integer) RETURNS text
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN json_build_object(
    'rows', coalesce((
      SELECT json_agg(json_build_object(
          'id', o."id", 'code', o."code", 'status', o."status", 'pay_method', o."pay_method", 'pay_qr_code', o."pay_qr_code",
          'platform_id', o."platform_id", 'platform_name', o."platform_name",
          'stores', (SELECT coalesce(json_agg(json_build_object(
                'store_id', l."store_id", 'name', l."name", 'price', l."price_vnd", 'coin', l."coin_cost",
                'gift_coin', l."gift_coin", 'quantity', l."quantity") ORDER BY l."position"), '[]')
              FROM "order_lines" l WHERE l."order_id" = o."id"),
          'total_price', o."total_price_vnd", 'total_coin', o."total_coin", 'total_gift_coin', o."total_gift_coin",
          'order_bank_name', o."order_bank_name", 'order_contact', o."order_contact", 'order_account', o."order_account",
          'order_server', o."order_server", 'order_uid', o."order_uid", 'order_comment', o."order_comment",
          'result_comment', o."result_comment", 'result_picture', o."result_picture",
          'created_at', to_char(o."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'due_at', to_char(o."due_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        ORDER BY o."created_at" DESC, o."id" DESC)
      FROM (SELECT * FROM "orders" WHERE "user_id" = p_user AND (p_status IS NULL OR "status" = p_status)
            ORDER BY "created_at" DESC, "id" DESC LIMIT p_limit OFFSET p_offset) o), '[]'),
    -- Every status: the customer's kept count (0012), one row whatever their history; one status: counted.
    'total', CASE WHEN p_status IS NULL
      THEN coalesce((SELECT c."orders" FROM "user_order_counts" c WHERE c."user_id" = p_user), 0)
      ELSE (SELECT count(*) FROM "orders" WHERE "user_id" = p_user AND "status" = p_status) END)::text;
END;
$$;
