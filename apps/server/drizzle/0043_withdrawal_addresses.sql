CREATE TABLE "chain_sweeps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"address_index" integer NOT NULL,
	"asset" text NOT NULL,
	"round" integer NOT NULL,
	"status" text NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"gas_top_up_raw" numeric(78, 0) DEFAULT '0' NOT NULL,
	"covers_block" bigint NOT NULL,
	"tx_hash" text,
	"fee_raw" numeric(78, 0) DEFAULT '0' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_sweeps_status" CHECK ("chain_sweeps"."status" IN ('TOPPING_UP', 'SENDING', 'CONFIRMED', 'FAILED', 'SKIPPED')),
	CONSTRAINT "chain_sweeps_amount" CHECK ("chain_sweeps"."amount_raw" >= 0 AND "chain_sweeps"."amount" >= 0 AND "chain_sweeps"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "chain" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "address_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "funds_short_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_sweeps_round_key" ON "chain_sweeps" USING btree ("chain","address","asset","round");--> statement-breakpoint
CREATE INDEX "chain_sweeps_open_idx" ON "chain_sweeps" USING btree ("chain","address") WHERE "chain_sweeps"."status" IN ('TOPPING_UP', 'SENDING');--> statement-breakpoint
CREATE INDEX "chain_sweeps_created_idx" ON "chain_sweeps" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_user_chain_address_key" ON "withdrawal_addresses" USING btree ("user_id","chain","address");--> statement-breakpoint
CREATE INDEX "withdrawal_addresses_user_created_idx" ON "withdrawal_addresses" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_address_id_withdrawal_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."withdrawal_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_user_destination_idx" ON "withdrawals" USING btree ("user_id","destination");