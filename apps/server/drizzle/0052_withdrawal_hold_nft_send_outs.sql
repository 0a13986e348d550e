-- Issue 43, items 4 and 6. A withdrawal whose owner's account is no longer in good standing at
-- confirm, approve or send is held in the admin queue (PENDING_APPROVAL) with why (held_reason) and
-- since when (held_at; a security change before it was shown to the admin who approves it anew).
ALTER TABLE "withdrawals" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
-- Every NFT send-out with its USD value when requested: it counts toward the owner's daily
-- withdrawal limit beside coin and USD withdrawals, and its destination counts as used before.
CREATE TABLE IF NOT EXISTS "nft_send_outs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id"),
	"item_id" uuid NOT NULL REFERENCES "nft_items"("id"),
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"value_cents" numeric(38, 0) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_send_outs_value" CHECK ("value_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nft_send_outs_user_created_idx" ON "nft_send_outs" USING btree ("user_id","created_at");
