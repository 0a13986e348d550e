CREATE TABLE "reference_candles" (
	"symbol" text NOT NULL,
	"interval_s" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"open" numeric(38, 12) NOT NULL,
	"high" numeric(38, 12) NOT NULL,
	"low" numeric(38, 12) NOT NULL,
	"close" numeric(38, 12) NOT NULL,
	CONSTRAINT "reference_candles_symbol_interval_s_bucket_start_pk" PRIMARY KEY("symbol","interval_s","bucket_start")
);
--> statement-breakpoint
CREATE TABLE "trade_candles" (
	"market_id" text NOT NULL,
	"interval_s" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"open_ticks" numeric(38, 0) NOT NULL,
	"high_ticks" numeric(38, 0) NOT NULL,
	"low_ticks" numeric(38, 0) NOT NULL,
	"close_ticks" numeric(38, 0) NOT NULL,
	"volume_lots" numeric(38, 0) NOT NULL,
	"first_trade_id" bigint NOT NULL,
	"last_trade_id" bigint NOT NULL,
	CONSTRAINT "trade_candles_market_id_interval_s_bucket_start_pk" PRIMARY KEY("market_id","interval_s","bucket_start")
);
--> statement-breakpoint
-- Trades become candles in the statement that inserts them, whatever batching the matching loop
-- uses: one row per market, bucket width (60, 900, 3600 s: CANDLE_INTERVALS_S) and bucket; the
-- smallest and largest trade ids decide open and close, so statements may land in any order.
CREATE FUNCTION trades_to_candles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO trade_candles AS c (
    market_id, interval_s, bucket_start, open_ticks, high_ticks, low_ticks, close_ticks,
    volume_lots, first_trade_id, last_trade_id
  )
  SELECT n.market_id, w.s, to_timestamp((floor(extract(epoch FROM n.created_at) / w.s) * w.s)::double precision),
    (array_agg(n.price_ticks ORDER BY n.id))[1], max(n.price_ticks), min(n.price_ticks),
    (array_agg(n.price_ticks ORDER BY n.id DESC))[1], sum(n.quantity_lots), min(n.id), max(n.id)
  FROM new_trades AS n CROSS JOIN (VALUES (60), (900), (3600)) AS w(s)
  GROUP BY 1, 2, 3
  ON CONFLICT (market_id, interval_s, bucket_start) DO UPDATE SET
    open_ticks = CASE WHEN excluded.first_trade_id < c.first_trade_id THEN excluded.open_ticks ELSE c.open_ticks END,
    close_ticks = CASE WHEN excluded.last_trade_id > c.last_trade_id THEN excluded.close_ticks ELSE c.close_ticks END,
    high_ticks = greatest(c.high_ticks, excluded.high_ticks),
    low_ticks = least(c.low_ticks, excluded.low_ticks),
    volume_lots = c.volume_lots + excluded.volume_lots,
    first_trade_id = least(c.first_trade_id, excluded.first_trade_id),
    last_trade_id = greatest(c.last_trade_id, excluded.last_trade_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trades_to_candles AFTER INSERT ON trades
  REFERENCING NEW TABLE AS new_trades FOR EACH STATEMENT EXECUTE FUNCTION trades_to_candles();
--> statement-breakpoint
-- Trades made before this migration: the last eight days, the longest any chart shows.
INSERT INTO trade_candles (
  market_id, interval_s, bucket_start, open_ticks, high_ticks, low_ticks, close_ticks,
  volume_lots, first_trade_id, last_trade_id
)
SELECT t.market_id, w.s, to_timestamp((floor(extract(epoch FROM t.created_at) / w.s) * w.s)::double precision),
  (array_agg(t.price_ticks ORDER BY t.id))[1], max(t.price_ticks), min(t.price_ticks),
  (array_agg(t.price_ticks ORDER BY t.id DESC))[1], sum(t.quantity_lots), min(t.id), max(t.id)
FROM trades AS t CROSS JOIN (VALUES (60), (900), (3600)) AS w(s)
WHERE t.created_at > now() - interval '8 days'
GROUP BY 1, 2, 3;
