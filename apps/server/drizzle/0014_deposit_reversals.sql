CREATE TABLE "user_debts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"payment_order_id" uuid NOT NULL,
	"entry_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_debts_positive" CHECK ("user_debts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "reversed_amount" numeric(38, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_payment_order_id_payment_orders_id_fk" FOREIGN KEY ("payment_order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_debts" ADD CONSTRAINT "user_debts_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_debts_user_idx" ON "user_debts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_orders_capture_idx" ON "payment_orders" USING btree ("capture_id");--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_reversed_within" CHECK ("payment_orders"."reversed_amount" >= 0 AND "payment_orders"."reversed_amount" <= "payment_orders"."amount");