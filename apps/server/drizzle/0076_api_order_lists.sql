-- OCO order lists placed through the Binance-compatible API (issue 48). Both legs are order rows that
-- share orders.order_list_id; this row adds what the API client named the list (listClientOrderId,
-- unique per API key like api_orders' client ids) and the key that placed it. A list placed on the web
-- has no row here. The row is written before the list is placed, as a reservation of the client's id;
-- a refused placement deletes it again.
CREATE TABLE api_order_lists (
  order_list_id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id),
  key_id uuid NOT NULL,
  list_client_order_id text NOT NULL,
  market_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX api_order_lists_key_client_idx ON api_order_lists (key_id, list_client_order_id);
--> statement-breakpoint
-- GET /api/v3/orderList?origClientOrderId= finds the user's list by the client's id.
CREATE INDEX api_order_lists_user_client_idx ON api_order_lists (user_id, list_client_order_id);
