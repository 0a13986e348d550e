import {
  bigint,
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { minor } from './columns';

/** Reference prices in USD, one row per asset per tick, kept for 24 h change and charts. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    asset: text('asset').notNull(),
    priceUsd: numeric('price_usd', { precision: 38, scale: 12 }).notNull(),
    source: text('source').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // The feed prunes old ticks of every asset at once by time, which the per-asset index cannot serve.
  (t) => [index('price_ticks_asset_at_idx').on(t.asset, t.at), index('price_ticks_at_idx').on(t.at)],
);

/**
 * The reference price as candles, per chart symbol ('BTC-USDT' at the market's tick scale, 'ADA-USD'
 * in USD), bucket width and bucket: upserted in the transaction that stores each tick, so the 1H, 1D
 * and 1W charts outlive the two days of raw ticks. Older fine buckets are pruned (see CANDLE_KEEP_S).
 */
export const referenceCandles = pgTable(
  'reference_candles',
  {
    symbol: text('symbol').notNull(),
    intervalS: integer('interval_s').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true, mode: 'date' }).notNull(),
    open: numeric('open', { precision: 38, scale: 12 }).notNull(),
    high: numeric('high', { precision: 38, scale: 12 }).notNull(),
    low: numeric('low', { precision: 38, scale: 12 }).notNull(),
    close: numeric('close', { precision: 38, scale: 12 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.intervalS, t.bucketStart] })],
);

/**
 * A market's trades as candles, per bucket width and bucket, in the trades' own units (price ticks,
 * quantity lots). Written by the trigger trades_to_candles (migration 0013) in the statement that
 * inserts the trades, however the matching loop batches them: the first and last trade ids decide
 * the open and close, so batches may arrive in any order. Pruned like the reference candles.
 */
export const tradeCandles = pgTable(
  'trade_candles',
  {
    marketId: text('market_id').notNull(),
    intervalS: integer('interval_s').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true, mode: 'date' }).notNull(),
    openTicks: minor('open_ticks').notNull(),
    highTicks: minor('high_ticks').notNull(),
    lowTicks: minor('low_ticks').notNull(),
    closeTicks: minor('close_ticks').notNull(),
    volumeLots: minor('volume_lots').notNull(),
    firstTradeId: bigint('first_trade_id', { mode: 'bigint' }).notNull(),
    lastTradeId: bigint('last_trade_id', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.intervalS, t.bucketStart] })],
);
