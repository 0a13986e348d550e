/**
 * Candles of a price chart: open, high, low and close of one time bucket, plus the base quantity
 * traded in it. Prices are bigints at the chart symbol's price scale and volumes at its quantity
 * scale; the scales are the caller's business, these rules only bucket, merge and sum.
 */
export interface Candle {
  /** Start of the bucket, in Unix seconds (what chart libraries take). */
  readonly time: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
}

/** The ranges the trading screen offers. */
export const CHART_RANGES = ['1H', '1D', '1W'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** Bucket widths stored for reference prices, finest first. */
export const CANDLE_INTERVALS_S = [60, 900, 3600] as const;
export type CandleIntervalS = (typeof CANDLE_INTERVALS_S)[number];

/**
 * Each range's bucket width and number of buckets: 1H is sixty 1-minute candles, 1D ninety-six
 * 15-minute candles, 1W a hundred and sixty-eight 1-hour candles.
 */
export const RANGE_BUCKETS: Readonly<Record<ChartRange, { intervalS: CandleIntervalS; count: number }>> = {
  '1H': { intervalS: 60, count: 60 },
  '1D': { intervalS: 900, count: 96 },
  '1W': { intervalS: 3600, count: 168 },
};

/**
 * How long stored buckets of each width are kept: a little more than the widest range that uses
 * them, so a chart never starts with a hole while pruning runs only hourly.
 */
export const CANDLE_KEEP_S: Readonly<Record<CandleIntervalS, number>> = {
  60: 3 * 3600,
  900: 2 * 86_400,
  3600: 8 * 86_400,
};

/** Start (Unix seconds) of the bucket of `intervalS` seconds holding the instant `atMs`. */
export function bucketStart(atMs: number, intervalS: number): number {
  if (!Number.isInteger(intervalS) || intervalS <= 0)
    throw new RangeError('interval must be a positive integer');
  return Math.floor(atMs / 1000 / intervalS) * intervalS;
}

/**
 * The buckets a range shows at `nowMs`: from the start of the oldest bucket (inclusive) to the end
 * of the current one (exclusive), `count` buckets in all, the newest being the one still filling.
 */
export function rangeWindow(
  range: ChartRange,
  nowMs: number,
): { intervalS: CandleIntervalS; fromS: number; toS: number } {
  const { intervalS, count } = RANGE_BUCKETS[range];
  const current = bucketStart(nowMs, intervalS);
  return { intervalS, fromS: current - (count - 1) * intervalS, toS: current + intervalS };
}

/**
 * One series from the market's own trades and the reference price: a bucket with trades shows the
 * trades (their prices and volume), a bucket without shows the reference price with no volume. Both
 * inputs may come in any order; the answer is ordered by time, one candle per bucket.
 */
export function mergeCandles(trades: readonly Candle[], reference: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of reference) byTime.set(candle.time, { ...candle, volume: 0n });
  for (const candle of trades) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/** Extremes, volume and first and last price of a series; null when it is empty. */
export interface CandleStats {
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
  readonly volume: bigint;
}

/** Folds time-ordered candles into one: the open of the first, the close of the last. */
export function candleStats(candles: readonly Candle[]): CandleStats | null {
  const first = candles[0];
  const last = candles.at(-1);
  if (!first || !last) return null;
  let high = first.high;
  let low = first.low;
  let volume = 0n;
  for (const candle of candles) {
    if (candle.high > high) high = candle.high;
    if (candle.low < low) low = candle.low;
    volume += candle.volume;
  }
  return { open: first.open, high, low, close: last.close, volume };
}
