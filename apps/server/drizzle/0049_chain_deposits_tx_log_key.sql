-- A token deposit was keyed by (chain, tx_hash, log_index), and log_index is the log's place in the
-- BLOCK: a shallow reorganisation that mined the same transfer at another place added a second row, and
-- both were credited. The key is now (chain, tx_hash, tx_log_index), the log's place WITHIN its
-- transaction (-1 for a native transfer, which is one per transaction), which does not move with the block.
ALTER TABLE "chain_deposits" ADD COLUMN "tx_log_index" integer;--> statement-breakpoint
-- The rows that exist: a transaction's logs are consecutive in its block, so the place within the
-- transaction is the stored log index less the index of the transaction's first log. The first log of
-- the transaction is taken as the smallest stored log index of the same transaction in the same block.
-- For a transfer()/transferFrom() (one log) and for any transaction whose earlier logs were deposits
-- too, that is exact. For a transaction with other logs before its first deposit (a swap paying out to
-- a deposit address), the number is smaller than the watcher now computes from the receipt; such a
-- row keeps a safe key all the same: the watcher takes a log seen at a row's own block hash and block
-- log index as that row whatever its key says (recordSeenDeposits), so a rescan of its block never
-- adds a second row, and a row whose block is gone is only moved when its receipt still holds the same
-- transfer at the row's key (else it is dropped, once deep), so it can never be credited beside the
-- new row of the same transfer.
UPDATE "chain_deposits" d
   SET "tx_log_index" = CASE
     WHEN d."log_index" < 0 THEN -1
     ELSE d."log_index" - (SELECT min(o."log_index") FROM "chain_deposits" o
                            WHERE o."chain" = d."chain" AND o."tx_hash" = d."tx_hash"
                              AND o."block_hash" = d."block_hash" AND o."log_index" >= 0)
   END;--> statement-breakpoint
-- A transfer already recorded twice (the hole this closes: the same transaction seen in two blocks)
-- now has two rows under one key. One row is kept: a credited one first (it has the ledger entry),
-- then the newest sighting. A second row that was never credited (waiting, dropped or below the
-- minimum) is the same coins counted again and is deleted; the kept row follows the chain as before.
-- A second row that was CREDITED too (the double credit happened) keeps its entry and is set apart at
-- tx_log_index -2, -3, … (no sighting has such a key), for the operator to find and reverse:
-- SELECT * FROM chain_deposits WHERE tx_log_index < -1.
WITH ranked AS (
  SELECT "id", "status",
         row_number() OVER (PARTITION BY "chain", "tx_hash", "tx_log_index"
                            ORDER BY ("status" = 'CREDITED') DESC, "block_number" DESC, "updated_at" DESC, "id") AS rank
    FROM "chain_deposits"
)
DELETE FROM "chain_deposits" d USING ranked r
 WHERE d."id" = r."id" AND r.rank > 1 AND r."status" <> 'CREDITED';--> statement-breakpoint
WITH ranked AS (
  SELECT "id",
         row_number() OVER (PARTITION BY "chain", "tx_hash", "tx_log_index"
                            ORDER BY ("status" = 'CREDITED') DESC, "block_number" DESC, "updated_at" DESC, "id") AS rank
    FROM "chain_deposits"
)
UPDATE "chain_deposits" d SET "tx_log_index" = -1 - r.rank::integer
  FROM ranked r
 WHERE d."id" = r."id" AND r.rank > 1;--> statement-breakpoint
ALTER TABLE "chain_deposits" ALTER COLUMN "tx_log_index" SET NOT NULL;--> statement-breakpoint
DROP INDEX "chain_deposits_tx_key";--> statement-breakpoint
CREATE UNIQUE INDEX "chain_deposits_tx_log_key" ON "chain_deposits" USING btree ("chain","tx_hash","tx_log_index");
