CREATE TABLE "chain_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid,
	"kind" text NOT NULL,
	"chain" text NOT NULL,
	"from_key" text NOT NULL,
	"asset" text,
	"amount_raw" numeric(78, 0) DEFAULT '0' NOT NULL,
	"tx_hash" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chain_signatures_outflow_idx" ON "chain_signatures" USING btree ("chain","asset","signed_at");
