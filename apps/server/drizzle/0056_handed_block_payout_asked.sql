ALTER TABLE "chain_transactions" ADD COLUMN "handed_block" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_asked_at" timestamp with time zone;
