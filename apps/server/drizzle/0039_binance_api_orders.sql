CREATE TABLE "api_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"key_id" uuid NOT NULL,
	"client_order_id" text NOT NULL,
	"type" text NOT NULL,
	"time_in_force" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_orders" ADD CONSTRAINT "api_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_orders_key_client_idx" ON "api_orders" USING btree ("key_id","client_order_id");--> statement-breakpoint
CREATE INDEX "api_orders_user_client_idx" ON "api_orders" USING btree ("user_id","client_order_id");--> statement-breakpoint
CREATE INDEX "orders_user_market_idx" ON "orders" USING btree ("user_id","market_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "trades_maker_user_idx" ON "trades" USING btree ("maker_user_id","market_id","id");--> statement-breakpoint
CREATE INDEX "trades_taker_user_idx" ON "trades" USING btree ("taker_user_id","market_id","id");