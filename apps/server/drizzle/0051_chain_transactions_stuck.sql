ALTER TABLE "chain_transactions" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "stuck_reason" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "stuck_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "cancel_raw" text;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "cancel_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD COLUMN "cancel_sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "chain_transactions" SET "handed_at" = coalesce("broadcast_at", "updated_at") WHERE "status" = 'BROADCAST';--> statement-breakpoint
CREATE INDEX "chain_transactions_stuck_idx" ON "chain_transactions" USING btree ("chain","stuck_since") WHERE "chain_transactions"."stuck_since" IS NOT NULL AND "chain_transactions"."status" = 'BROADCAST';
