CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "otps_expires_at_idx" ON "otps" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_at_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_events_received_at_idx" ON "webhook_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "price_ticks_at_idx" ON "price_ticks" USING btree ("at");--> statement-breakpoint
CREATE INDEX "swap_quotes_expires_at_idx" ON "swap_quotes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "instant_quotes_expires_at_idx" ON "instant_quotes" USING btree ("expires_at");