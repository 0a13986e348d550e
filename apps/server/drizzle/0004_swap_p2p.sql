CREATE TABLE "p2p_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "p2p_transfers_amount_positive" CHECK ("p2p_transfers"."amount" > 0),
	CONSTRAINT "p2p_transfers_not_self" CHECK ("p2p_transfers"."sender_id" <> "p2p_transfers"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "swap_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"from_amount" numeric(38, 0) NOT NULL,
	"from_usd" numeric(38, 0) NOT NULL,
	"to_usd" numeric(38, 0) NOT NULL,
	"rate" numeric(38, 0) NOT NULL,
	"gross" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"receive" numeric(38, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swap_quotes_amounts_positive" CHECK ("swap_quotes"."from_amount" > 0 AND "swap_quotes"."receive" > 0)
);
--> statement-breakpoint
ALTER TABLE "p2p_transfers" ADD CONSTRAINT "p2p_transfers_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_transfers" ADD CONSTRAINT "p2p_transfers_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "p2p_transfers" ADD CONSTRAINT "p2p_transfers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_quotes" ADD CONSTRAINT "swap_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "p2p_transfers_sender_idx" ON "p2p_transfers" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "p2p_transfers_receiver_idx" ON "p2p_transfers" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "p2p_transfers_entry_key" ON "p2p_transfers" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "swap_quotes_user_idx" ON "swap_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_type_idx" ON "wallet_transactions" USING btree ("user_id","operation_type","created_at");