-- Issue 46 point 7: the back-office lists sort by their columns and filter by status on the server,
-- and their CSV downloads read them by keyset pages (sorted value, id). These indexes give each sort
-- and each status filter an ordered scan that can start at a page's cursor.
CREATE INDEX "users_customers_name_idx" ON "users" USING btree ("name","id") WHERE "users"."kind" = 'CUSTOMER';--> statement-breakpoint
CREATE INDEX "users_customers_email_idx" ON "users" USING btree ("email","id") WHERE "users"."kind" = 'CUSTOMER';--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_id_idx" ON "admin_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "stakes_status_created_idx" ON "stakes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "stakes_asset_idx" ON "stakes" USING btree ("asset","id");--> statement-breakpoint
CREATE INDEX "kyc_records_status_created_idx" ON "kyc_records" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_updated_idx" ON "support_tickets" USING btree ("updated_at","id");
