CREATE TABLE "chain_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"purpose" text NOT NULL,
	"reference" text NOT NULL,
	"from_key" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"data" text,
	"nonce" integer,
	"max_fee_per_gas" numeric(78, 0),
	"max_priority_fee_per_gas" numeric(78, 0),
	"gas_limit" numeric(78, 0),
	"raw" text,
	"tx_hash" text,
	"replaced_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"reason" text,
	"fee_wei" numeric(78, 0),
	"block_number" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"broadcast_at" timestamp with time zone,
	CONSTRAINT "chain_transactions_status" CHECK ("chain_transactions"."status" IN ('QUEUED', 'SIGNED', 'BROADCAST', 'CONFIRMED', 'FAILED')),
	CONSTRAINT "chain_transactions_value" CHECK ("chain_transactions"."value" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_reference_key" ON "chain_transactions" USING btree ("purpose","reference");--> statement-breakpoint
CREATE INDEX "chain_transactions_open_idx" ON "chain_transactions" USING btree ("chain","from_address","nonce") WHERE "chain_transactions"."status" IN ('QUEUED', 'SIGNED', 'BROADCAST');--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_nonce_key" ON "chain_transactions" USING btree ("chain","from_address","nonce");--> statement-breakpoint
CREATE INDEX "chain_transactions_status_idx" ON "chain_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_hash_key" ON "chain_transactions" USING btree ("chain","tx_hash");