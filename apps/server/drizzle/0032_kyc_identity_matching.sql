ALTER TABLE "kyc_records" ADD COLUMN "document_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_records" ADD COLUMN "name_dob_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_records" ADD COLUMN "image_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_records" ADD COLUMN "identity_matches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "kyc_records_document_keys_idx" ON "kyc_records" USING gin ("document_keys") WHERE "kyc_records"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "kyc_records_name_dob_idx" ON "kyc_records" USING btree ("name_dob_key") WHERE "kyc_records"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "kyc_records_image_hashes_idx" ON "kyc_records" USING gin ("image_hashes") WHERE "kyc_records"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
-- Submissions made before identity matching get their document and name keys, so a new submission
-- can match them (their images have no stored hash to compare). Same rules as the domain's
-- normaliseDocumentNumber and nameDobKey, without its accent folding.
UPDATE "kyc_records" SET
  "document_keys" = ARRAY(
    SELECT DISTINCT k FROM (
      SELECT regexp_replace(upper(d->>'number'), '[^A-Z0-9]', '', 'g') AS k
      FROM jsonb_array_elements("documents") AS d
    ) AS keys WHERE k <> ''
  ),
  "name_dob_key" = coalesce((
    SELECT string_agg(w, ' ' ORDER BY w COLLATE "C")
    FROM regexp_split_to_table(lower("first_name" || ' ' || "last_name"), '\s+') AS w
    WHERE w <> ''
  ) || '|' || "dob"::text, '');
