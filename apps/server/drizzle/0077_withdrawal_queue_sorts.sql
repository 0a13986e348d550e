-- Issue 46 points 5 and 7: the withdrawal queue sorts by its USD value and its coin, and its CSV reads
-- by keyset pages (sorted value, id). These give both sorts an ordered scan that starts at a page's
-- cursor; time and status already have withdrawals_created_idx and withdrawals_status_created_idx.
CREATE INDEX "withdrawals_value_idx" ON "withdrawals" USING btree ("value_cents","id");--> statement-breakpoint
CREATE INDEX "withdrawals_asset_idx" ON "withdrawals" USING btree ("asset","id");
