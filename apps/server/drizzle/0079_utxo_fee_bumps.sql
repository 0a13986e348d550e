-- Issue 47: replace-by-fee for a stuck Litecoin batch. Each earlier version's fee is kept beside its txid
-- (replaced_fees[i] is what replaced_txids[i] paid), so whichever version is mined books its own fee;
-- fee_bump_refusal says why the last bump could not be made or was refused by the node (the admin sees it).
ALTER TABLE "utxo_batches" ADD COLUMN "replaced_fees" numeric(38, 0)[] DEFAULT '{}'::numeric[] NOT NULL;--> statement-breakpoint
ALTER TABLE "utxo_batches" ADD COLUMN "fee_bump_refusal" text;
