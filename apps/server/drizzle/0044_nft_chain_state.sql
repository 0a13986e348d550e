CREATE SEQUENCE "public"."nft_token_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "nft_items" ADD COLUMN "chain_state" text;--> statement-breakpoint
ALTER TABLE "nft_items" ADD COLUMN "chain_reference" text;--> statement-breakpoint
ALTER TABLE "nft_items" ADD COLUMN "withdrawn_to" text;--> statement-breakpoint
ALTER TABLE "nft_items" ADD COLUMN "withdraw_tx_hash" text;