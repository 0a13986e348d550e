CREATE TABLE "instant_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"side" text NOT NULL,
	"asset" text NOT NULL,
	"quantity" numeric(38, 0) NOT NULL,
	"price_usd" numeric(38, 0) NOT NULL,
	"cost" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"total" numeric(38, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_sequences" (
	"market_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text DEFAULT 'limit' NOT NULL,
	"side" text NOT NULL,
	"price_ticks" numeric(38, 0) NOT NULL,
	"quantity_lots" numeric(38, 0) NOT NULL,
	"filled_lots" numeric(38, 0) DEFAULT '0' NOT NULL,
	"cancelled_lots" numeric(38, 0) DEFAULT '0' NOT NULL,
	"filled_cost" numeric(38, 0) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(38, 0) DEFAULT '0' NOT NULL,
	"fee_quote" numeric(38, 0) DEFAULT '0' NOT NULL,
	"lock_asset" text NOT NULL,
	"locked_remaining" numeric(38, 0) NOT NULL,
	"status" text NOT NULL,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_lock_non_negative" CHECK ("orders"."locked_remaining" >= 0),
	CONSTRAINT "orders_fill_bounds" CHECK ("orders"."filled_lots" + "orders"."cancelled_lots" <= "orders"."quantity_lots")
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"maker_order_id" uuid NOT NULL,
	"taker_order_id" uuid NOT NULL,
	"maker_user_id" uuid NOT NULL,
	"taker_user_id" uuid NOT NULL,
	"taker_side" text NOT NULL,
	"price_ticks" numeric(38, 0) NOT NULL,
	"quantity_lots" numeric(38, 0) NOT NULL,
	"cost" numeric(38, 0) NOT NULL,
	"buyer_fee" numeric(38, 0) NOT NULL,
	"seller_fee" numeric(38, 0) NOT NULL,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "instant_quotes" ADD CONSTRAINT "instant_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_maker_order_id_orders_id_fk" FOREIGN KEY ("maker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_taker_order_id_orders_id_fk" FOREIGN KEY ("taker_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "instant_quotes_user_idx" ON "instant_quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("market_id","status");--> statement-breakpoint
CREATE INDEX "trades_market_idx" ON "trades" USING btree ("market_id","id");