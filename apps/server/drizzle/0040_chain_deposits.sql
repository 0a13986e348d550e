CREATE SEQUENCE "public"."chain_address_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 9223372036854775807 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "chain_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_deposit_addresses" (
	"user_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"address_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposit_addresses_user_id_chain_pk" PRIMARY KEY("user_id","chain")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain" text NOT NULL,
	"asset" text NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"amount_raw" numeric(78, 0) NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text NOT NULL,
	"entry_id" bigint,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_deposits_status" CHECK ("chain_deposits"."status" IN ('PENDING', 'CREDITED', 'BELOW_MINIMUM', 'DROPPED')),
	CONSTRAINT "chain_deposits_amount" CHECK ("chain_deposits"."amount_raw" >= 0 AND "chain_deposits"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "chain_deposit_addresses" ADD CONSTRAINT "chain_deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposit_addresses_address_key" ON "chain_deposit_addresses" USING btree ("chain","address");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposit_addresses_index_key" ON "chain_deposit_addresses" USING btree ("chain","address_index");--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_tx_key" ON "chain_deposits" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "chain_deposits_pending_idx" ON "chain_deposits" USING btree ("chain","block_number") WHERE "chain_deposits"."status" = 'PENDING';