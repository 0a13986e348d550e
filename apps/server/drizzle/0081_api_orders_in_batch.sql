-- A new API order's record (api_orders: its client id, unique per key) is written by the order's own
-- batch instead of a statement of its own before the order entered its market's queue (issue 48,
-- one account's order rate): a place costs one round trip less, and the record exists exactly when
-- its order does (no reservation is left behind by a crash or a refused order).
DROP FUNCTION trading_write_batch(
  jsonb, jsonb, jsonb, jsonb, text[], bigint[], bigint[], text, text[], uuid[], text[], uuid[],
  text[], text[], uuid[], jsonb[], integer[], uuid[], text[], text[], smallint[], text[], boolean[], numeric[]
);
--> statement-breakpoint
CREATE FUNCTION trading_write_batch(
  new_orders jsonb, changed_orders jsonb, new_trades jsonb, new_wallet_transactions jsonb, new_api_orders jsonb,
  markets text[], expected_seqs bigint[], last_seqs bigint[], notify_channel text, notifications text[],
  claim_users uuid[], claim_keys text[], claim_tokens uuid[],
  e_kind text[], e_reference text[], e_user uuid[], e_memo jsonb[],
  l_entry integer[], l_user uuid[], l_asset text[], l_kind text[], l_shard smallint[], l_scope text[],
  l_negative boolean[], l_amount numeric[],
  OUT outcome text, OUT refused_accounts bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
  posted record;
  changed record;
  entry_ids bigint[] := '{}';
  payload text;
  stored_seq bigint;
  market_row record;
  held integer;
  taken uuid[];
BEGIN
  -- Each market's sequence row, locked in market order (every writer locks them in that order, and
  -- before any account), must still hold the number its book was decided on.
  FOR market_row IN
    SELECT t.market, t.expected FROM unnest(markets, expected_seqs) AS t(market, expected) ORDER BY t.market
  LOOP
    SELECT s.last_seq INTO stored_seq FROM market_sequences s WHERE s.market_id = market_row.market FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO market_sequences (market_id, last_seq) VALUES (market_row.market, 0) ON CONFLICT DO NOTHING;
      SELECT s.last_seq INTO stored_seq FROM market_sequences s WHERE s.market_id = market_row.market FOR UPDATE;
    END IF;
    IF stored_seq <> market_row.expected THEN
      outcome := 'stale';
      RETURN;
    END IF;
  END LOOP;
  IF cardinality(claim_users) > 0 THEN
    SELECT count(*) INTO held FROM (
      SELECT 1 FROM idempotency_keys k
        JOIN unnest(claim_users, claim_keys, claim_tokens) AS c(u, k2, t)
          ON k.user_id = c.u AND k.key = c.k2 AND k.claim_token = c.t
       ORDER BY k.user_id, k.key
         FOR UPDATE OF k) locked;
    IF held <> cardinality(claim_users) THEN
      outcome := 'claim_lost';
      RETURN;
    END IF;
  END IF;

  IF cardinality(e_kind) > 0 THEN
    SELECT * INTO posted FROM ledger_post_entries(
      e_kind, e_reference, e_user, e_memo, l_entry, l_user, l_asset, l_kind, l_shard, l_scope, l_negative, l_amount,
      false);
    IF posted.outcome <> 'posted' THEN
      outcome := posted.outcome;
      refused_accounts := posted.refused_accounts;
      RETURN;
    END IF;
    entry_ids := posted.entry_ids;
  END IF;

  IF jsonb_array_length(new_orders) > 0 THEN
  INSERT INTO orders (id, market_id, user_id, side, price_ticks, quantity_lots, filled_lots, cancelled_lots,
                      filled_cost, filled_quote, fee_quote, lock_asset, locked_remaining, status, seq,
                      created_at, updated_at, stop_price_ticks, stop_kind, triggered_at, order_list_id,
                      stop_time_in_force)
  SELECT o.id, o.market_id, o.user_id, o.side, o.price_ticks, o.quantity_lots, o.filled_lots, o.cancelled_lots,
         o.filled_cost, o.filled_quote, o.fee_quote, o.lock_asset, o.locked_remaining, o.status, o.seq,
         o.created_at, o.updated_at, o.stop_price_ticks, o.stop_kind, o.triggered_at, o.order_list_id,
         o.stop_time_in_force
    FROM jsonb_to_recordset(new_orders) AS o(
      id uuid, market_id text, user_id uuid, side text, price_ticks numeric, quantity_lots numeric,
      filled_lots numeric, cancelled_lots numeric, filled_cost numeric, filled_quote numeric, fee_quote numeric,
      lock_asset text, locked_remaining numeric, status text, seq bigint, created_at timestamptz,
      updated_at timestamptz, stop_price_ticks numeric, stop_kind text, triggered_at timestamptz,
      order_list_id uuid, stop_time_in_force text);
  END IF;

  -- The API's records of the new orders (their client ids, unique per key): taken in the same
  -- transaction as the orders, so an id is held exactly when its order exists. An id already held (by
  -- an earlier order, or by an earlier row of this batch) fails the whole batch, with nothing written:
  -- the engine answers those orders' requests and writes the rest again without them.
  IF jsonb_array_length(new_api_orders) > 0 THEN
    WITH given AS (
      SELECT * FROM jsonb_to_recordset(new_api_orders) AS a(
        order_id uuid, user_id uuid, key_id uuid, client_order_id text, type text, time_in_force text)
    ), inserted AS (
      INSERT INTO api_orders (order_id, user_id, key_id, client_order_id, type, time_in_force)
      SELECT g.order_id, g.user_id, g.key_id, g.client_order_id, g.type, g.time_in_force FROM given g
      ON CONFLICT (key_id, client_order_id) DO NOTHING
      RETURNING order_id
    )
    SELECT array_agg(g.order_id) INTO taken FROM given g WHERE g.order_id NOT IN (SELECT order_id FROM inserted);
    IF taken IS NOT NULL THEN
      RAISE EXCEPTION 'client_order_id_taken' USING DETAIL = array_to_string(taken, ',');
    END IF;
  END IF;

  -- One keyed update per changed order: a join against the JSON rows let the planner, which cannot
  -- know how few they are, scan the whole orders table for every batch.
  FOR changed IN
    SELECT * FROM jsonb_to_recordset(changed_orders) AS v(
      id uuid, filled_lots numeric, cancelled_lots numeric, filled_cost numeric, filled_quote numeric,
      fee_quote numeric, locked_remaining numeric, status text, updated_at timestamptz, seq bigint,
      triggered_at timestamptz)
  LOOP
    UPDATE orders
       SET filled_lots = changed.filled_lots, cancelled_lots = changed.cancelled_lots,
           filled_cost = changed.filled_cost, filled_quote = changed.filled_quote, fee_quote = changed.fee_quote,
           locked_remaining = changed.locked_remaining, status = changed.status, updated_at = changed.updated_at,
           seq = changed.seq, triggered_at = changed.triggered_at
     WHERE id = changed.id;
  END LOOP;

  IF jsonb_array_length(new_trades) > 0 THEN
  INSERT INTO trades (market_id, maker_order_id, taker_order_id, maker_user_id, taker_user_id, taker_side,
                      price_ticks, quantity_lots, cost, buyer_fee, seller_fee, entry_id, created_at)
  SELECT t.market_id, t.maker_order_id, t.taker_order_id, t.maker_user_id, t.taker_user_id, t.taker_side,
         t.price_ticks, t.quantity_lots, t.cost, t.buyer_fee, t.seller_fee, entry_ids[t.entry], t.created_at
    FROM jsonb_array_elements(new_trades) WITH ORDINALITY AS a(item, i),
         jsonb_to_record(a.item) AS t(
           market_id text, maker_order_id uuid, taker_order_id uuid, maker_user_id uuid, taker_user_id uuid,
           taker_side text, price_ticks numeric, quantity_lots numeric, cost numeric, buyer_fee numeric,
           seller_fee numeric, entry integer, created_at timestamptz)
   ORDER BY a.i;
  END IF;

  IF jsonb_array_length(new_wallet_transactions) > 0 THEN
  INSERT INTO wallet_transactions (reference, user_id, operation_type, operation, from_asset, from_amount,
                                   to_asset, to_amount, status, entry_id)
  SELECT w.reference, w.user_id, w.operation_type, w.operation, w.from_asset, w.from_amount, w.to_asset,
         w.to_amount, w.status, entry_ids[w.entry]
    FROM jsonb_array_elements(new_wallet_transactions) WITH ORDINALITY AS a(item, i),
         jsonb_to_record(a.item) AS w(
           reference text, user_id uuid, operation_type text, operation text, from_asset text,
           from_amount numeric, to_asset text, to_amount numeric, status text, entry integer)
   ORDER BY a.i
  ON CONFLICT (reference) DO NOTHING;
  END IF;

  IF cardinality(claim_users) > 0 THEN
    UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now())
      FROM unnest(claim_users, claim_keys, claim_tokens) AS c(u, k2, t)
     WHERE k.user_id = c.u AND k.key = c.k2 AND k.claim_token = c.t;
  END IF;
  IF cardinality(markets) > 0 THEN
    UPDATE market_sequences s SET last_seq = t.last_seq
      FROM unnest(markets, last_seqs) AS t(market, last_seq)
     WHERE s.market_id = t.market;
  END IF;

  FOREACH payload IN ARRAY notifications LOOP
    PERFORM pg_notify(notify_channel, payload);
  END LOOP;
  outcome := 'written';
END;
$$;

