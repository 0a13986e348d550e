CREATE TABLE "user_history_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"wallet_transactions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_history_counts" ADD CONSTRAINT "user_history_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Kept by the tables' own triggers, once per statement with the statement's rows (a market batch's
-- orders are one statement), users in id order so two statements never take their rows in opposite
-- orders. Rows are never deleted today; the delete triggers keep the counts true if they ever are.
CREATE FUNCTION count_user_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_history_counts AS c (user_id, orders)
  SELECT user_id, CASE TG_OP WHEN 'DELETE' THEN -count(*) ELSE count(*) END
    FROM changed_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION count_user_wallet_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_history_counts AS c (user_id, wallet_transactions)
  SELECT user_id, CASE TG_OP WHEN 'DELETE' THEN -count(*) ELSE count(*) END
    FROM changed_rows GROUP BY user_id ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET wallet_transactions = c.wallet_transactions + EXCLUDED.wallet_transactions;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_count_inserted AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_user_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_user_orders();--> statement-breakpoint
CREATE TRIGGER wallet_transactions_count_inserted AFTER INSERT ON wallet_transactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_user_wallet_transactions();--> statement-breakpoint
CREATE TRIGGER wallet_transactions_count_deleted AFTER DELETE ON wallet_transactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION count_user_wallet_transactions();--> statement-breakpoint
-- What the triggers would have counted so far.
INSERT INTO user_history_counts (user_id, orders, wallet_transactions)
SELECT u.id,
       (SELECT count(*) FROM orders o WHERE o.user_id = u.id),
       (SELECT count(*) FROM wallet_transactions w WHERE w.user_id = u.id)
  FROM users u;
