DROP INDEX "users_created_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'CUSTOMER' NOT NULL;--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."kind" = 'CUSTOMER';--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_system_account" ON "users" USING btree ("kind") WHERE "users"."kind" = 'SYSTEM';
--> statement-breakpoint
-- The house liquidity account becomes a SYSTEM account, from the first migration run rather than lazily
-- at the first house tick. An existing database already holds it (created lazily under this address, or
-- registered by whoever signed up with it first): it is marked, and made unable to sign in. A fresh
-- database gets it here; 'disabled' is no password hash, so no password ever matches it.
UPDATE "users"
   SET "kind" = 'SYSTEM', "status" = 'DISABLED', "role" = 'USER', "password_hash" = 'disabled',
       "totp_secret" = NULL, "totp_enabled_at" = NULL, "updated_at" = now()
 WHERE "email" = 'house-liquidity@system.invalid';--> statement-breakpoint
UPDATE "refresh_tokens" SET "revoked_at" = now()
 WHERE "revoked_at" IS NULL
   AND "user_id" IN (SELECT "id" FROM "users" WHERE "kind" = 'SYSTEM');--> statement-breakpoint
INSERT INTO "users" ("name", "email", "country_code", "mobile_no", "password_hash", "role", "status",
                     "is_kyc_verified", "ref_code", "kind")
VALUES ('House liquidity', 'house-liquidity@system.invalid', '1', '0000000', 'disabled', 'USER', 'DISABLED',
        true, 'HOUSELIQUIDITY', 'SYSTEM')
ON CONFLICT ("email") DO NOTHING;
