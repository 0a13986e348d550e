-- The ledger's write path in one round trip (features/ledger/post-entries.ts calls it). Posting an
-- entry used to take seven to nine statements from the server (find or create the accounts, insert
-- the entry, lock the accounts, update the balances, insert the postings, notify, and a savepoint
-- around them); on our machines a round trip to PostgreSQL costs more CPU than the work it carries.
-- The rules are unchanged and still decided in TypeScript (the domain builds balanced postings); this
-- function only applies them, in the order the ledger has always used:
--   1. find the accounts, creating those that do not exist yet (sorted by owner, asset, kind, shard,
--      so two writers creating the same new accounts take them in one order);
--   2. lock every account touched in the ledger's one lock order: user accounts, then system
--      accounts, each by ascending id (accountLockOrder in ledger.repository.ts);
--   3. refuse, before writing anything, when the entry's reference was already posted
--      ('duplicate', single mode) or a debit is not covered ('insufficient', with the first refused
--      line and the refused accounts): the caller's transaction stays usable, nothing to roll back;
--   4. the entries (one row each), one balance update per account with the summed delta of all the
--      entries, their postings, and a 'balance_event' NOTIFY per 64 users.
-- Lines are parallel arrays (one element per posting); l_entry is the 1-based index of the posting's
-- entry in the e_ arrays. In batch mode (single = false) a duplicate reference raises (unique_violation),
-- as a batch must fail whole; in single mode it is answered 'duplicate'.
-- Returns the outcome ('posted', 'duplicate', 'insufficient'), the new entries' ids in input order,
-- and for a refusal the first refused line (1-based) and the refused accounts.
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

  -- 2. The ledger's lock order.
  PERFORM 1 FROM ledger_accounts WHERE id = ANY (account_ids) ORDER BY (user_id IS NULL), id FOR UPDATE;

  -- 3. Refusals, before anything is written.
  IF single AND EXISTS (SELECT 1 FROM journal_entries WHERE reference = ANY (e_reference)) THEN
    outcome := 'duplicate';
    RETURN;
  END IF;
  SELECT array_agg(d.id ORDER BY d.id) INTO refused_accounts
    FROM (SELECT t.a AS id, sum(t.m) AS delta FROM unnest(account_ids, l_amount) AS t(a, m) GROUP BY t.a) d
    JOIN ledger_accounts x ON x.id = d.id
   WHERE NOT x.allow_negative AND x.balance + d.delta < 0;
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
   WHERE x.id = d.id AND d.delta <> 0;

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
