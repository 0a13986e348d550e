-- Withdrawals join the customer's Transactions (issue 45): from now on the withdrawal's ledger entries
-- write its row (withdrawal-ledger.ts); this gives the withdrawals made before a row of their own, with
-- the status their entries tell (paid out SUCCESS, given back REJECTED, still held PENDING) and the
-- entry that settled them. The count trigger on wallet_transactions counts the inserted rows.
INSERT INTO wallet_transactions
  (user_id, operation_type, operation, from_asset, from_amount, status, entry_id, reference, created_at, updated_at)
SELECT w.user_id,
       CASE WHEN w.asset = 'USD' THEN 'FIAT' ELSE 'CRYPTO' END,
       'WITHDRAW',
       w.asset,
       w.amount,
       CASE WHEN payout.id IS NOT NULL THEN 'SUCCESS' WHEN refund.id IS NOT NULL THEN 'REJECTED' ELSE 'PENDING' END,
       coalesce(payout.id, refund.id, hold.id),
       'withdrawal:' || w.id,
       w.created_at,
       w.updated_at
  FROM withdrawals w
  LEFT JOIN journal_entries hold ON hold.reference = 'withdrawal:hold:' || w.id
  LEFT JOIN journal_entries payout ON payout.reference = 'withdrawal:payout:' || w.id
  LEFT JOIN journal_entries refund ON refund.reference = 'withdrawal:refund:' || w.id
 WHERE hold.id IS NOT NULL
 ORDER BY w.user_id
ON CONFLICT (reference) DO NOTHING;
