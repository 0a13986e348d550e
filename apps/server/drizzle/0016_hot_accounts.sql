DROP INDEX "ledger_accounts_owner_key";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_key" ON "ledger_accounts" USING btree (coalesce("user_id", '00000000-0000-0000-0000-000000000000'),"asset","kind","shard");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shard" CHECK ("ledger_accounts"."shard" >= 0 AND "ledger_accounts"."shard" < 256 AND ("ledger_accounts"."shard" = 0 OR "ledger_accounts"."user_id" IS NULL));