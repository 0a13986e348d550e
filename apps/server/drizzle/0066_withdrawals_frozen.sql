-- An admin can freeze a customer's withdrawals (coin, USD and NFT send-outs) without disabling the
-- account: trading stays on. Frozen while withdrawals_frozen_at is set; the reason is the admin's,
-- mailed to the customer and kept in the audit line too.
ALTER TABLE users ADD COLUMN withdrawals_frozen_at timestamptz;
ALTER TABLE users ADD COLUMN withdrawals_frozen_reason text;
