-- Issue 47: Litecoin withdrawals leave in batches, one Bitcoin-family transaction paying several approved
-- withdrawals with change to the exchange's internal address, stored unsigned, then signed, before broadcast.
CREATE TABLE "utxo_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"status" text NOT NULL,
	"psbt" text NOT NULL,
	"input_paths" text[] NOT NULL,
	"raw_tx" text,
	"txid" text,
	"fee_sats" numeric(38, 0) NOT NULL,
	"fee_rate" integer NOT NULL,
	"replaced_txids" text[] DEFAULT '{}'::text[] NOT NULL,
	"broadcast_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "utxo_batches_status" CHECK ("status" IN ('SIGNING', 'SIGNED', 'BROADCAST', 'CONFIRMED'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "utxo_batches_txid_key" ON "utxo_batches" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "utxo_batches_open_idx" ON "utxo_batches" USING btree ("chain","created_at") WHERE "utxo_batches"."status" <> 'CONFIRMED';--> statement-breakpoint
CREATE TABLE "utxo_batch_withdrawals" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL REFERENCES "withdrawals"("id"),
	"batch_id" uuid NOT NULL REFERENCES "utxo_batches"("id"),
	"vout" integer NOT NULL
);
