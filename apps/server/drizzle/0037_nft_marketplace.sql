CREATE TABLE "nft_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image_upload_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"owner_id" uuid,
	"listed" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"chain" text,
	"contract_address" text,
	"token_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_items_price_positive" CHECK ("nft_items"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "nft_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"seller_id" uuid,
	"buyer_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"price" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"entry_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nft_sales_amounts" CHECK ("nft_sales"."price" > 0 AND "nft_sales"."fee" >= 0 AND "nft_sales"."fee" <= "nft_sales"."price"),
	CONSTRAINT "nft_sales_not_self" CHECK ("nft_sales"."seller_id" IS DISTINCT FROM "nft_sales"."buyer_id")
);
--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_items" ADD CONSTRAINT "nft_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_item_id_nft_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."nft_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_sales" ADD CONSTRAINT "nft_sales_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_items_market_created_idx" ON "nft_items" USING btree ("created_at","id") WHERE "nft_items"."status" = 'ACTIVE' AND "nft_items"."listed";--> statement-breakpoint
CREATE INDEX "nft_items_market_price_idx" ON "nft_items" USING btree ("asset","price","id") WHERE "nft_items"."status" = 'ACTIVE' AND "nft_items"."listed";--> statement-breakpoint
CREATE INDEX "nft_items_name_trgm_idx" ON "nft_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nft_items_owner_idx" ON "nft_items" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_items_created_idx" ON "nft_items" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_image_key" ON "nft_items" USING btree ("image_upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_token_key" ON "nft_items" USING btree ("chain","contract_address","token_id");--> statement-breakpoint
CREATE INDEX "nft_sales_item_idx" ON "nft_sales" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "nft_sales_created_idx" ON "nft_sales" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_sales_entry_key" ON "nft_sales" USING btree ("entry_id");