CREATE INDEX "wallet_transactions_created_idx" ON "wallet_transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_status_created_idx" ON "wallet_transactions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_created_idx" ON "wallet_transactions" USING btree ("operation_type","created_at");--> statement-breakpoint
CREATE INDEX "stakes_created_idx" ON "stakes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stakes_running_size_idx" ON "stakes" USING btree ("asset","principal") WHERE "stakes"."status" IN ('ACTIVE', 'PENDING');--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at");