ALTER TABLE "chain_signatures" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "chain_signatures" ADD COLUMN "nonce" integer;--> statement-breakpoint
CREATE INDEX "chain_signatures_outbox_idx" ON "chain_signatures" USING btree ("outbox_id","signed_at");
