-- The admin Transactions screen (issue 46) filters every customer's movements by kind (the operation)
-- and sorts them by it, newest first within a kind: an index that leads with the operation serves both
-- and a keyset CSV page's cursor.
CREATE INDEX "wallet_transactions_operation_created_idx" ON "wallet_transactions" USING btree ("operation","created_at","id");
