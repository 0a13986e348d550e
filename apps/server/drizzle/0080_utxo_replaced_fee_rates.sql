-- Issue 47: the fee rate of each earlier version of a replaced batch, beside its fee (replaced_fee_rates[i]
-- is the rate replaced_txids[i] was built at), so a batch ended by an earlier version says the rate that
-- version paid. Rows replaced before this column existed keep an empty array: their earlier versions' sizes
-- were never stored, and the code derives a missing rate from the fee (finish-utxo-batch's versionOf).
ALTER TABLE "utxo_batches" ADD COLUMN "replaced_fee_rates" integer[] DEFAULT '{}'::integer[] NOT NULL;
