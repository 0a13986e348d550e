-- ledger_post_entries as 0024 wrote it, with one change: the balance UPDATE names its rows by id
-- (`x.id = ANY (account_ids)`, answered by the primary key) beside its join to the summed deltas (issue
-- 15). Under the order loads the plan cache settled on a generic plan that hash-joined the deltas
-- against a sequential scan of every account: 0.23 ms for six accounts of the bench's 528, where the
-- primary key finds them in 0.09 ms (EXPLAIN ANALYZE on the bench's database); pg_stat_statements
-- under the loads: 0.17-0.21 -> 0.11-0.13 ms per place-and-cancel batch, 0.27-0.31 -> 0.23-0.26 ms per
-- crossing batch. A table of a million accounts would have the planner probe the key by itself, as
-- long as its statistics are fresh; now it has no choice.
-- The same treatment for the id lookup (a LATERAL probe of ledger_accounts_owner_key per line) was
-- measured and not kept: a crossing batch has about 160 lines on a few dozen hot rows whose update
-- chains each probe walks, and the lookup went from 0.21 to 2.5 ms; one hash of the table is cheaper.
CREATE OR REPLACE FUNCTION ledger_post_entries(
  e_kind text[], e_reference text[], e_user uuid[], e_memo jsonb[],
  l_entry integer[], l_user uuid[], l_asset text[], l_kind text[], l_shard smallint[],
  l_negative boolean[], l_amount numeric[], single boolean,
  OUT outcome text, OUT entry_ids bigint[], OUT refused_line integer, OUT refused_accounts bigint[]
) LANGUAGE plpgsql AS $$
DECLARE
  nil CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  account_ids bigint[];
  found integer;
BEGIN
  -- 1. Each line's account id, in line order; accounts that do not exist yet are created first (in
  -- one order: owner, asset, kind, shard), and the ids read again.
  SELECT array_agg(x.id ORDER BY l.i), count(*) INTO account_ids, found
    FROM unnest(l_user, l_asset, l_kind, l_shard) WITH ORDINALITY AS l(u, a, k, s, i)
    JOIN ledger_accounts x
      ON coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s;
  IF found <> cardinality(l_user) THEN
    INSERT INTO ledger_accounts (user_id, asset, kind, allow_negative, shard)
    SELECT DISTINCT l.u, l.a, l.k, l.n, l.s
      FROM unnest(l_user, l_asset, l_kind, l_negative, l_shard) AS l(u, a, k, n, s)
     WHERE NOT EXISTS (
       SELECT 1 FROM ledger_accounts x
        WHERE coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s)
     ORDER BY l.u, l.a, l.k, l.s
    ON CONFLICT DO NOTHING;
    SELECT array_agg(x.id ORDER BY l.i), count(*) INTO account_ids, found
      FROM unnest(l_user, l_asset, l_kind, l_shard) WITH ORDINALITY AS l(u, a, k, s, i)
      JOIN ledger_accounts x
        ON coalesce(x.user_id, nil) = coalesce(l.u, nil) AND x.asset = l.a AND x.kind = l.k AND x.shard = l.s;
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
