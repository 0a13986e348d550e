CREATE TABLE "stake_option_variants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"option_id" uuid NOT NULL,
	"duration_days" integer NOT NULL,
	"apy_bps" integer NOT NULL,
	"min_amount" numeric(38, 0) NOT NULL,
	CONSTRAINT "stake_variant_duration" CHECK ("stake_option_variants"."duration_days" IN (30, 60, 90, 120)),
	CONSTRAINT "stake_variant_apy" CHECK ("stake_option_variants"."apy_bps" > 0 AND "stake_option_variants"."apy_bps" <= 1000),
	CONSTRAINT "stake_variant_min" CHECK ("stake_option_variants"."min_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "stake_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"asset" text NOT NULL,
	"principal" numeric(38, 0) NOT NULL,
	"apy_bps" integer NOT NULL,
	"days" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"redeem_at" timestamp with time zone,
	"interest" numeric(38, 0),
	"status" text NOT NULL,
	"restaked_from" uuid,
	"entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stakes_principal_positive" CHECK ("stakes"."principal" > 0)
);
--> statement-breakpoint
ALTER TABLE "stake_option_variants" ADD CONSTRAINT "stake_option_variants_option_id_stake_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."stake_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_option_id_stake_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."stake_options"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stake_option_variants_key" ON "stake_option_variants" USING btree ("option_id","duration_days");--> statement-breakpoint
CREATE UNIQUE INDEX "stake_options_asset_key" ON "stake_options" USING btree ("asset");--> statement-breakpoint
CREATE INDEX "stakes_user_idx" ON "stakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stakes_due_idx" ON "stakes" USING btree ("status","redeem_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stakes_restaked_from_key" ON "stakes" USING btree ("restaked_from");--> statement-breakpoint
ALTER TABLE "stakes" ADD CONSTRAINT "stakes_status_known" CHECK ("stakes"."status" IN ('ACTIVE', 'PENDING', 'CLOSED', 'SUCCESS'));--> statement-breakpoint
-- The stake options are data: one per supported coin, each offering the spec's four durations at
-- 8% to 10% APY with a minimum of 0.1 of the coin (in minor units at the coin's ledger scale).
INSERT INTO "stake_options" ("asset", "name", "sort_order") VALUES
	('BTC', 'Bitcoin', 1), ('BNB', 'BNB', 2), ('ETH', 'Ethereum', 3), ('USDT', 'Tether', 4),
	('USDC', 'USD Coin', 5), ('XRP', 'XRP', 6), ('ADA', 'Cardano', 7), ('MATIC', 'Polygon', 8),
	('DOT', 'Polkadot', 9), ('BUSD', 'Binance USD', 10);--> statement-breakpoint
INSERT INTO "stake_option_variants" ("option_id", "duration_days", "apy_bps", "min_amount")
SELECT o."id", v."days", v."apy_bps",
       CASE WHEN o."asset" IN ('XRP', 'ADA') THEN 100000 ELSE 10000000 END
FROM "stake_options" o
CROSS JOIN (VALUES (30, 800), (60, 850), (90, 900), (120, 1000)) AS v("days", "apy_bps");
