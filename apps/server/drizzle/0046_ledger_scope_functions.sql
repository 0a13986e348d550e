-- Custody per chain and asset (issue 37): a ledger account key gains a scope, the chain's key, which
-- the kinds kept per chain (CHAIN_CUSTODY, NETWORK_FEES) use and no other (the previous migration
-- added the column, its check and its place in the owner key). ledger_post_entries and
-- trading_write_batch take one more per-line array, l_scope (after l_shard), so a scoped key finds,
-- and creates, its own account; everything else in them is as 0024 and 0026 wrote it.
DROP FUNCTION trading_write_batch(
  jsonb, jsonb, jsonb, jsonb, text[], bigint[], bigint[], text, text[], uuid[], text[], uuid[],
  text[], text[], uuid[], jsonb[], integer[], uuid[], text[], text[], smallint[], boolean[], numeric[]
);
--> statement-breakpoint
DROP FUNCTION ledger_post_entries(
  text[], text[], uuid[], jsonb[], integer[], uuid[], text[], text[], smallint[], boolean[], numeric[], boolean
);
--> statement-breakpoint
CREATE FUNCTION ledger_post_entries(
  e_kind text[], e_reference text[], e_user uuid[], e_memo jsonb[],
  l_entry integer[], l_user uuid[], l_asset text[], l_kind text[], l_shard smallint[], l_scope text[],
  l_negative boolean[], l_amount numeric[], single boolean,
  OUT outcome text, OUT entry_ids bigint[], OUT refused_line integer, OUT refused_accounts bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
  nil CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  account_ids bigint[];
  found integer;
BEGIN
  -- 1. Each line's account id, in line order; accounts that do not exist yet are created first (in
  -- one order: owner, asset, kind, scope, shard), and the ids read again.
  SELECT array_agg(x.id ORDER BY l.i), count(*) INTO account_ids, found
    FROM unnest(l_user, l_asset, l_kind, l_shard, l_scope) WITH ORDINALITY AS l(u, a, k, s, c, i)
    JOIN ledger_accounts x
      ON coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s
       AND x.scope = l.c;
  IF found <> cardinality(l_user) THEN
    INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, shard, scope)
    SELECT DISTINCT l.u, l.a, l.k, l.n, l.s, l.c
      FROM unnest(l_user, l_asset, l_kind, l_negative, l_shard, l_scope) AS l(u, a, k, n, s, c)
     WHERE NOT EXISTS (
       SELECT 1 FROM ledger_accounts x
        WHERE coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s
          AND x.scope = l.c)
     ORDER BY l.u, l.a, l.k, l.c, l.s
    ON CONFLICT DO NOTHING;
    SELECT array_agg(x.id ORDER BY l.i), count(*) INTO account_ids, found
      FROM unnest(l_user, l_asset, l_kind, l_shard, l_scope) WITH ORDINALITY AS l(u, a, k, s, c, i)
      JOIN ledger_accounts x
        ON coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s
       AND x.scope = l.c;
    IF found <> cardinality(l_user) THEN
      RAISE EXCEPTION 'ledger_post_entries: % of % accounts found after creating them', found, cardinality(l_user);
    END IF;
  END IF;

  -- 2. The accounts locked in the ledger's lock order, and the refusals read from the rows as locked
  -- (the locking subquery hands on each row's newest version), in one statement.
  SELECT array_agg(x.id ORDER BY x.id) FILTER (WHERE NOT x.allow_negative AND x.balance + d.delta < 0)
    INTO refused_accounts
    FROM (SELECT a.id, a.allow_negative, a.balance FROM ledger_accounts a
           WHERE a.id = ANY (account_ids) ORDER BY (a.user_id IS NULL), a.id FOR UPDATE) x
    JOIN (SELECT t.a AS id, sum(t.m) AS delta FROM unnest(account_ids, l_amount) AS t(a, m) GROUP BY t.a) d
      ON d.id = x.id;

  -- 3. Refusals, before anything is written.
  IF single THEN
    IF EXISTS (SELECT 1 FROM journal_entries WHERE reference = ANY (e_reference)) THEN
      refused_accounts := NULL;
      outcome := 'duplicate';
      RETURN;
    END IF;
  END IF;
  IF refused_accounts IS NOT NULL THEN
    SELECT min(t.i) INTO refused_line
      FROM unnest(account_ids) WITH ORDINALITY AS t(a, i) WHERE t.a = ANY (refused_accounts);
    outcome := 'insufficient';
    RETURN;
  END IF;

  -- 4. The writes: the entries first, so in single mode a reference posted meanwhile by a writer that
  -- locked none of these accounts is still answered 'duplicate' with nothing written.
  WITH inserted AS (
    INSERT INTO journal_entries (kind, reference, user_id, memo)
    SELECT * FROM unnest(e_kind, e_reference, e_user, e_memo)
    ON CONFLICT (reference) DO NOTHING
    RETURNING id, reference)
  SELECT array_agg(inserted.id ORDER BY e.i), count(*) INTO entry_ids, found
    FROM inserted JOIN unnest(e_reference) WITH ORDINALITY AS e(r, i) ON e.r = inserted.reference;
  IF found <> cardinality(e_reference) THEN
    IF single THEN
      outcome := 'duplicate';
      RETURN;
    END IF;
    RAISE EXCEPTION USING ERRCODE = 'unique_violation',
      MESSAGE = 'ledger_post_entries: a reference of the batch was already posted';
  END IF;

  UPDATE ledger_accounts x
     SET balance = x.balance + d.delta, updated_at = now()
    FROM (SELECT t.a AS id, sum(t.m) AS delta FROM unnest(account_ids, l_amount) AS t(a, m) GROUP BY t.a) d
   WHERE x.id = d.id AND d.delta <> 0 AND x.id = ANY (account_ids);

  INSERT INTO postings (entry_id, account_id, asset, amount)
  SELECT entry_ids[t.e], t.a, t.s, t.m FROM unnest(l_entry, account_ids, l_asset, l_amount) AS t(e, a, s, m);

  PERFORM pg_notify('balance_event', g.users)
     FROM (SELECT json_agg(u.id ORDER BY u.id)::text AS users
             FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1) / 64 AS page
                     FROM (SELECT DISTINCT id FROM unnest(l_user) AS t(id) WHERE id IS NOT NULL) ids) u
            GROUP BY u.page) g;

  outcome := 'posted';
END;
$$;
--> statement-breakpoint
CREATE FUNCTION trading_write_batch(
  new_orders jsonb, changed_orders jsonb, new_trades jsonb, new_wallet_transactions jsonb,
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
                      created_at, updated_at)
  SELECT o.id, o.market_id, o.user_id, o.side, o.price_ticks, o.quantity_lots, o.filled_lots, o.cancelled_lots,
         o.filled_cost, o.filled_quote, o.fee_quote, o.lock_asset, o.locked_remaining, o.status, o.seq,
         o.created_at, o.updated_at
    FROM jsonb_to_recordset(new_orders) AS o(
      id uuid, market_id text, user_id uuid, side text, price_ticks numeric, quantity_lots numeric,
      filled_lots numeric, cancelled_lots numeric, filled_cost numeric, filled_quote numeric, fee_quote numeric,
      lock_asset text, locked_remaining numeric, status text, seq bigint, created_at timestamptz,
      updated_at timestamptz);
  END IF;

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
--> statement-breakpoint
-- The custody and network-fee accounts written before scopes existed (scope '') are given the chain
-- their entries name: every entry on them is a chain deposit (its chain_deposits row, or the entry's
-- memo->>'chain'). One chain was configured at a time until now, so an account names one chain and is
-- only renamed (its id, balance and postings stay as they are). Should an account hold entries of
-- several chains (CHAIN_KEY changed between runs), the journal stays append-only: a CHAIN_SCOPE entry
-- per chain moves that chain's part from the unscoped account to the chain's own. Postings that name
-- no chain stay on the unscoped account. A function, so it can be run (and tested) again: it is idempotent.
CREATE FUNCTION ledger_scope_chain_accounts() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  account record;
  parts record;
  chain_count integer;
  unnamed integer;
  only_chain text;
  target bigint;
  entry bigint;
  changed integer := 0;
BEGIN
  FOR account IN
    SELECT a.id, a.asset, a.kind, a.allow_negative, a.shard FROM ledger_accounts a
     WHERE a.user_id IS NULL AND a.scope = '' AND a.kind IN ('CHAIN_CUSTODY', 'NETWORK_FEES')
     ORDER BY a.id FOR UPDATE
  LOOP
    SELECT count(DISTINCT c.chain), count(*) FILTER (WHERE c.chain IS NULL), min(c.chain)
      INTO chain_count, unnamed, only_chain
      FROM (SELECT coalesce((SELECT d.chain FROM chain_deposits d WHERE d.entry_id = p.entry_id LIMIT 1),
                           (SELECT e.memo->>'chain' FROM journal_entries e WHERE e.id = p.entry_id)) AS chain
              FROM postings p WHERE p.account_id = account.id) c;
    CONTINUE WHEN chain_count = 0;
    IF chain_count = 1 AND unnamed = 0 AND NOT EXISTS (
      SELECT 1 FROM ledger_accounts x
       WHERE x.user_id IS NULL AND x.asset = account.asset AND x.kind = account.kind AND x.shard = account.shard
         AND x.scope = only_chain) THEN
      UPDATE ledger_accounts SET scope = only_chain, updated_at = now() WHERE id = account.id;
      changed := changed + 1;
      CONTINUE;
    END IF;
    FOR parts IN
      SELECT c.chain, sum(c.amount) AS amount
        FROM (SELECT p.amount, coalesce((SELECT d.chain FROM chain_deposits d WHERE d.entry_id = p.entry_id LIMIT 1),
                           (SELECT e.memo->>'chain' FROM journal_entries e WHERE e.id = p.entry_id)) AS chain
                FROM postings p WHERE p.account_id = account.id) c
       WHERE c.chain IS NOT NULL GROUP BY c.chain HAVING sum(c.amount) <> 0 ORDER BY c.chain
    LOOP
      INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, shard, scope)
      VALUES (NULL, account.asset, account.kind, account.allow_negative, account.shard, parts.chain)
      ON CONFLICT DO NOTHING;
      SELECT x.id INTO target FROM ledger_accounts x
       WHERE x.user_id IS NULL AND x.asset = account.asset AND x.kind = account.kind
         AND x.shard = account.shard AND x.scope = parts.chain;
      INSERT INTO journal_entries (kind, reference, memo)
      VALUES ('CHAIN_SCOPE', 'chain-scope:' || account.id || ':' || parts.chain,
              jsonb_build_object('chain', parts.chain, 'from_account', account.id::text))
      ON CONFLICT (reference) DO NOTHING
      RETURNING id INTO entry;
      CONTINUE WHEN entry IS NULL;
      INSERT INTO postings (entry_id, account_id, asset, amount)
      VALUES (entry, target, account.asset, parts.amount), (entry, account.id, account.asset, -parts.amount);
      UPDATE ledger_accounts SET balance = balance + parts.amount, updated_at = now() WHERE id = target;
      UPDATE ledger_accounts SET balance = balance - parts.amount, updated_at = now() WHERE id = account.id;
      changed := changed + 1;
    END LOOP;
  END LOOP;
  RETURN changed;
END;
$$;
--> statement-breakpoint
SELECT ledger_scope_chain_accounts();
