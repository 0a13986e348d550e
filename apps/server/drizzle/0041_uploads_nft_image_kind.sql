-- NFT artwork is a third kind of upload (issue 40): the kind check of 0003 grows by NFT_IMAGE.
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("kind" IN ('KYC_DOC', 'PROFILE_IMAGE', 'NFT_IMAGE'));
