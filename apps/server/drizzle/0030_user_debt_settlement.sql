ALTER TABLE "user_debts" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "settlement" text;--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "settled_by" uuid;--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "settlement_note" text;--> statement-breakpoint
ALTER TABLE "user_debts" ADD COLUMN "settlement_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_settlement_entry_id_journal_entries_id_fk" FOREIGN KEY ("settlement_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_debts_open_user_idx" ON "user_debts" USING btree ("user_id") WHERE "user_debts"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "user_debts_created_idx" ON "user_debts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_debts_status_created_idx" ON "user_debts" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_settled_whole" CHECK (("user_debts"."status" = 'OPEN') = ("user_debts"."settled_at" IS NULL) AND ("user_debts"."status" = 'OPEN') = ("user_debts"."settlement" IS NULL) AND ("user_debts"."status" = 'OPEN') = ("user_debts"."settled_by" IS NULL) AND ("user_debts"."status" = 'OPEN') = ("user_debts"."settlement_entry_id" IS NULL));