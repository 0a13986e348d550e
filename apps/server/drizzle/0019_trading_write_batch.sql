-- Everything a market batch or an instant-desk batch writes, in one round trip and one statement
-- (features/trading/batch-writes.ts calls it, outside any transaction: the statement is the
-- transaction, and its commit the batch's). A batch used to be a transaction of its own: BEGIN, a lock,
-- six or seven writes one after another, COMMIT, each a round trip that costs more CPU than its work
-- on our machines. The batch's decisions are all made in TypeScript before this runs, on the book and
-- the balances as the batch read them; this function checks that what it decided on still holds and
-- writes it, in this order:
--   0. for a market, its sequence row is locked (which serialises the market's writers across
--      processes) and must still hold `expected_seq`, the number the book was decided on; otherwise it
--      answers 'stale' and writes nothing (the caller rebuilds its book and runs the commands again).
--      The idempotency claims of the batch's requests are locked and must all still be held, or it
--      answers 'claim_lost' and writes nothing;
--   1. the journal through ledger_post_entries (batch mode): if a debit is not covered it answers
--      'insufficient' with the refused accounts and nothing is written (the caller retries the
--      batch's commands one by one);
--   2. new orders, then the orders the batch changed (fills, cancels);
--   3. the trades and the fills' wallet transactions, each pointing at its journal entry by the
--      1-based index of the entry in the e_ arrays (`entry`), in the order given (trade ids, and so
--      the candles' open and close, follow it);
--   4. the claims' commit stamps, the market's last sequence number (when `market` is given), then the
--      notifications, in order.
-- Rows come as JSON arrays of objects with the tables' column names; amounts as decimal strings.
CREATE OR REPLACE FUNCTION trading_write_batch(
  new_orders jsonb, changed_orders jsonb, new_trades jsonb, new_wallet_transactions jsonb,
  market text, expected_seq bigint, last_seq bigint, notify_channel text, notifications text[],
  claim_users uuid[], claim_keys text[], claim_tokens uuid[],
  e_kind text[], e_reference text[], e_user uuid[], e_memo jsonb[],
  l_entry integer[], l_user uuid[], l_asset text[], l_kind text[], l_shard smallint[],
  l_negative boolean[], l_amount numeric[],
  OUT outcome text, OUT refused_accounts bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
  posted record;
  changed record;
  entry_ids bigint[] := '{}';
  payload text;
  stored_seq bigint;
  held integer;
BEGIN
  IF market IS NOT NULL THEN
    SELECT s.last_seq INTO stored_seq FROM market_sequences s WHERE s.market_id = market FOR UPDATE;
    IF NOT FOUND THEN
      INSERT INTO market_sequences (market_id, last_seq) VALUES (market, 0) ON CONFLICT DO NOTHING;
      SELECT s.last_seq INTO stored_seq FROM market_sequences s WHERE s.market_id = market FOR UPDATE;
    END IF;
    IF stored_seq <> expected_seq THEN
      outcome := 'stale';
      RETURN;
    END IF;
  END IF;
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
      e_kind, e_reference, e_user, e_memo, l_entry, l_user, l_asset, l_kind, l_shard, l_negative, l_amount, false);
    IF posted.outcome <> 'posted' THEN
      outcome := posted.outcome;
      refused_accounts := posted.refused_accounts;
      RETURN;
    END IF;
    entry_ids := posted.entry_ids;
  END IF;

  INSERT INTO orders (id, market_id, user_id, side, price_ticks, quantity_lots, filled_lots, cancelled_lots,
                      filled_cost, filled_quote, fee_quote, lock_asset, locked_remaining, status, seq,
                      created_at, updated_at)
  SELECT o.id, o.market_id, o.user_id, o.side, o.price_ticks, o.quantity_lots, o.filled_lots, o.cancelled_lots,
         o.filled_cost, o.filled_quote, o.fee_quote, o.lock_asset, o.locked_remaining, o.status, o.seq,
         o.created_at, o.updated_at
    FROM jsonb_to_recordset(new_orders) AS o(
      id uuid, market_id text, user_id uuid, side text, price_ticks numeric, quantity_lots numeric,
      filled_lots numeric, cancelled_lots numeric, filled_cost numeric, filled_quote numeric, fee_quote numeric,
      lock_asset text, locked_remaining numeric, status text, seq bigint, created_at timestamptz,
      updated_at timestamptz);

  -- One keyed update per changed order: a join against the JSON rows let the planner, which cannot
  -- know how few they are, scan the whole orders table for every batch.
  FOR changed IN
    SELECT * FROM jsonb_to_recordset(changed_orders) AS v(
      id uuid, filled_lots numeric, cancelled_lots numeric, filled_cost numeric, filled_quote numeric,
      fee_quote numeric, locked_remaining numeric, status text, updated_at timestamptz)
  LOOP
    UPDATE orders
       SET filled_lots = changed.filled_lots, cancelled_lots = changed.cancelled_lots,
           filled_cost = changed.filled_cost, filled_quote = changed.filled_quote, fee_quote = changed.fee_quote,
           locked_remaining = changed.locked_remaining, status = changed.status, updated_at = changed.updated_at
     WHERE id = changed.id;
  END LOOP;

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

  UPDATE idempotency_keys k SET committed_at = coalesce(k.committed_at, now())
    FROM unnest(claim_users, claim_keys, claim_tokens) AS c(u, k2, t)
   WHERE k.user_id = c.u AND k.key = c.k2 AND k.claim_token = c.t;
  IF market IS NOT NULL THEN
    UPDATE market_sequences SET last_seq = trading_write_batch.last_seq WHERE market_id = market;
  END IF;

  FOREACH payload IN ARRAY notifications LOOP
    PERFORM pg_notify(notify_channel, payload);
  END LOOP;
  outcome := 'written';
END;
$$;
