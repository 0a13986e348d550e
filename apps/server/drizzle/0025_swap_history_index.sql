-- Limit orders' fills are CRYPTO_TO_CRYPTO wallet transactions like swaps, and the swap history and the
-- admin's swap figures, which chose rows by that type alone, listed and counted them as swaps. Swaps are
-- told apart by their operation now: the swap history reads a partial index of swap rows, and the
-- admin's counts and graph an index that carries the operation beside the type.
DROP INDEX "wallet_transactions_user_type_idx";--> statement-breakpoint
DROP INDEX "wallet_transactions_type_created_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_swaps_idx" ON "wallet_transactions" USING btree ("user_id","created_at","id") WHERE "wallet_transactions"."operation" IN ('SWAP', 'MULTI_BUY');--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_created_idx" ON "wallet_transactions" USING btree ("operation_type","operation","created_at");