import { ASSET_CODES, CHART_RANGES, CHART_SYMBOL_IDS, CRYPTO_CODES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope } from './envelope';
import { messages as m } from './messages';

/** A signed decimal with two places, like Binance's priceChangePercent: '-1.23', '0.00', '4.50'. */
export const signedPercentString = z.string().regex(/^-?\d+\.\d{2}$/);

const upperCaseOneOf = <const T extends readonly [string, ...string[]]>(codes: T, message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(codes, { error: message }));

/** Every asset a conversion accepts: USD, the ten coins and MULTI. */
const assetCode = (message: string) => upperCaseOneOf(ASSET_CODES, message);

/** Coins with a price history: the ten supported coins and MULTI, the platform coin index. */
export const PRICED_COINS = [...CRYPTO_CODES, 'MULTI'] as const;

// ---------------------------------------------------------------- top market and index

/** One row of the landing page's Top Cryptocurrency table (GET /p2p/getTopTenMarket). */
export const topMarketItemSchema = z.object({
  name: z.string(),
  ticker: z.string(),
  image_url: z.string(),
  /** USD per coin, 8 decimals. */
  lastPrice: decimalString,
  /** Change over the last 24 hours, in percent. */
  priceChangePercent: signedPercentString,
  /** When the price was observed (ISO 8601): an old time means the feed is stale. */
  at: z.string(),
});
export type TopMarketItem = z.infer<typeof topMarketItemSchema>;
export const topTenMarketResponseSchema = envelope(z.array(topMarketItemSchema));
export type TopTenMarketResponse = z.infer<typeof topTenMarketResponseSchema>;

/** GET /crypto-index: the USD price of the platform coin MULTI. */
export const cryptoIndexResponseSchema = envelope(z.object({ price: decimalString, at: z.string() }));
export type CryptoIndexResponse = z.infer<typeof cryptoIndexResponseSchema>;

// ---------------------------------------------------------------- markets (spec section 9)

/** A limit-order market with every rule the buy/sell screen checks, in the spec's field names. */
export const marketRowSchema = z.object({
  id: z.string(),
  base_currency_id: z.string(),
  quote_currency_id: z.string(),
  min_price: decimalString,
  max_price: decimalString,
  price_increment: decimalString,
  min_quantity: decimalString,
  max_quantity: decimalString,
  quantity_precision: z.number().int(),
  min_cost: decimalString,
  max_cost: decimalString,
  cost_precision: z.number().int(),
  /** In percent: '0.2' is 0.2%. */
  taker_fee_rate: decimalString,
  maker_fee_rate: decimalString,
  show_in_ui: z.boolean(),
  closed: z.boolean(),
});
export type MarketRow = z.infer<typeof marketRowSchema>;

/** GET /market/: the spec's client reads `success` and `data`. */
export const marketListResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal(true),
  message: z.string(),
  data: z.array(marketRowSchema),
});
export type MarketListResponse = z.infer<typeof marketListResponseSchema>;

/**
 * POST /common/wrapper/get. The spec's client sends a third-party URL; the server ignores it and answers
 * from its own market data, so the field is accepted only to keep that client working.
 */
export const wrapperRequestSchema = z
  .object({ url: z.string().max(2048).optional() })
  .nullish()
  .transform((body) => body ?? {});
export type WrapperRequest = z.input<typeof wrapperRequestSchema>;
export const wrapperResponseSchema = envelope(
  z.object({
    success: z.literal(true),
    result: z.array(marketRowSchema.extend({ name: z.string() })),
  }),
);
export type WrapperResponse = z.infer<typeof wrapperResponseSchema>;

// ---------------------------------------------------------------- chart

export const chartParamsSchema = z.object({ symbol: upperCaseOneOf(PRICED_COINS, 'Unknown symbol') });
export const chartPointSchema = z.object({
  /** Start of the point's five-minute interval, in Unix seconds (what chart libraries take). */
  time: z.number().int(),
  /** USD per coin, 8 decimals. */
  price: decimalString,
});
export type ChartPoint = z.infer<typeof chartPointSchema>;
export const chartResponseSchema = envelope(z.array(chartPointSchema));
export type ChartResponse = z.infer<typeof chartResponseSchema>;

// ---------------------------------------------------------------- candles

/**
 * GET /market/candles?market=BTC-USDT&range=1D: a USDT market ('BTC-USDT') or a coin against USD
 * ('ADA-USD'); the range defaults to one day.
 */
export const candlesQuerySchema = z.object({
  market: upperCaseOneOf(CHART_SYMBOL_IDS, 'Unknown market'),
  range: upperCaseOneOf(CHART_RANGES, 'Range must be 1H, 1D or 1W').default('1D'),
});
export type CandlesQuery = z.input<typeof candlesQuerySchema>;
export const candleSchema = z.object({
  /** Start of the candle's bucket, in Unix seconds. */
  time: z.number().int(),
  open: decimalString,
  high: decimalString,
  low: decimalString,
  close: decimalString,
  /** Base quantity traded in the bucket; '0' where only the reference price is known. */
  volume: decimalString,
});
export type CandleItem = z.infer<typeof candleSchema>;
/** The last 24 hours (the 1D range's buckets): extremes, traded volume and change in percent. */
export const candleStatsSchema = z.object({
  last: decimalString,
  high: decimalString,
  low: decimalString,
  volume: decimalString,
  change: signedPercentString,
});
export type CandleStats = z.infer<typeof candleStatsSchema>;
export const candlesSchema = z.object({
  market: z.string(),
  base: z.string(),
  /** What prices are in: USDT for a market's book, USD for a coin's reference price. */
  quote: z.enum(['USDT', 'USD']),
  range: z.enum(CHART_RANGES),
  /** Bucket width in seconds. */
  interval: z.number().int(),
  candles: z.array(candleSchema),
  /** Null when nothing is known about the last 24 hours. */
  stats: candleStatsSchema.nullable(),
});
export type Candles = z.infer<typeof candlesSchema>;
export const candlesResponseSchema = envelope(candlesSchema);
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;

// ---------------------------------------------------------------- conversion quote

export const quoteQuerySchema = z.object({
  from: assetCode('Please choose a supported currency'),
  to: assetCode('Please choose a supported currency'),
  amount: z
    .string({ error: m.swapAmountPositive })
    .trim()
    .max(40, m.swapAmountPositive)
    .regex(/^\d+(\.\d+)?$/, m.swapAmountPositive)
    .refine((value) => /[1-9]/.test(value), m.swapAmountPositive),
});
export type QuoteQuery = z.input<typeof quoteQuerySchema>;
export const quoteSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The amount converted, at the `from` asset's precision. */
  amount: decimalString,
  /** Units of `to` per one unit of `from`, up to 12 decimals, rounded down. */
  rate: decimalString,
  /** `amount` in `to` at the `to` asset's precision, rounded down. */
  result: decimalString,
  /** Time of the older of the two prices used (ISO 8601). */
  at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponseSchema = envelope(quoteSchema);
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

// ---------------------------------------------------------------- live ticker (WebSocket channel 'ticker')

export const tickerItemSchema = z.object({
  ticker: z.string(),
  lastPrice: decimalString,
  priceChangePercent: signedPercentString,
  at: z.string(),
});
export type TickerItem = z.infer<typeof tickerItemSchema>;
export const tickerFrameSchema = z.object({ channel: z.literal('ticker'), data: z.array(tickerItemSchema) });
export type TickerFrame = z.infer<typeof tickerFrameSchema>;
