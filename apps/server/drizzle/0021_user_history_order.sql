DROP INDEX "wallet_transactions_user_idx";--> statement-breakpoint
DROP INDEX "wallet_transactions_user_type_idx";--> statement-breakpoint
DROP INDEX "stakes_user_idx";--> statement-breakpoint
DROP INDEX "support_tickets_user_created_idx";--> statement-breakpoint
CREATE INDEX "ledger_accounts_user_idx" ON "ledger_accounts" USING btree ("user_id","asset","kind") WHERE "ledger_accounts"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_idx" ON "wallet_transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_type_idx" ON "wallet_transactions" USING btree ("user_id","operation_type","created_at","id");--> statement-breakpoint
CREATE INDEX "stakes_user_idx" ON "stakes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_created_idx" ON "support_tickets" USING btree ("user_id","created_at","id");