import {
  CANDLE_INTERVALS_S,
  CANDLE_KEEP_S,
  type Candle,
  type ChartSymbol,
  chartSymbol,
  foldSamples,
  formatMinor,
  type PricePoint,
  parseDecimal,
  type ReferenceCandle,
  referenceSamples,
} from '@exchange/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { referenceCandles, tradeCandles } from '../../db/schema';
import type { DbOrTx } from '../../platform/db';

/** Rows per INSERT: 7 parameters a row keeps one statement well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 5_000;

const atSeconds = (seconds: number) => new Date(seconds * 1000);

function priceOf(text: string, scale: number): bigint {
  const value = parseDecimal(text, scale, 'down');
  if (value === null) throw new Error(`unreadable candle price ${text}`);
  return value;
}

/**
 * Stores reference candles, merging each with the stored one of its bucket: the stored open stays,
 * extremes widen, the newer close wins (ticks are written in time order by the one feed writer).
 * `scaleOf` gives each symbol's price scale; prices are written as decimals at that scale.
 */
export async function upsertReferenceCandles(
  db: DbOrTx,
  candles: readonly ReferenceCandle[],
  scaleOf: (symbol: string) => number,
): Promise<void> {
  for (let i = 0; i < candles.length; i += INSERT_CHUNK) {
    const chunk = candles.slice(i, i + INSERT_CHUNK);
    await db
      .insert(referenceCandles)
      .values(
        chunk.map((candle) => {
          const scale = scaleOf(candle.symbol);
          return {
            symbol: candle.symbol,
            intervalS: candle.intervalS,
            bucketStart: atSeconds(candle.time),
            open: formatMinor(candle.open, scale),
            high: formatMinor(candle.high, scale),
            low: formatMinor(candle.low, scale),
            close: formatMinor(candle.close, scale),
          };
        }),
      )
      .onConflictDoUpdate({
        target: [referenceCandles.symbol, referenceCandles.intervalS, referenceCandles.bucketStart],
        set: {
          high: sql`greatest(${referenceCandles.high}, excluded.high)`,
          low: sql`least(${referenceCandles.low}, excluded.low)`,
          close: sql`excluded.close`,
        },
      });
  }
}

/** A symbol's stored reference candles of one width in [fromS, toS), oldest first, without volume. */
export async function loadReferenceCandles(
  db: DbOrTx,
  symbol: ChartSymbol,
  intervalS: number,
  fromS: number,
  toS: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(referenceCandles)
    .where(
      and(
        eq(referenceCandles.symbol, symbol.id),
        eq(referenceCandles.intervalS, intervalS),
        gte(referenceCandles.bucketStart, atSeconds(fromS)),
        lt(referenceCandles.bucketStart, atSeconds(toS)),
      ),
    )
    .orderBy(referenceCandles.bucketStart);
  return rows.map((row) => ({
    time: Math.floor(row.bucketStart.getTime() / 1000),
    open: priceOf(row.open, symbol.priceScale),
    high: priceOf(row.high, symbol.priceScale),
    low: priceOf(row.low, symbol.priceScale),
    close: priceOf(row.close, symbol.priceScale),
    volume: 0n,
  }));
}

/**
 * A market's candles of `intervalS` seconds in [fromS, toS), oldest first, in the trades' units
 * (price ticks, quantity lots): the trigger trades_to_candles keeps them as trades are inserted.
 */
export async function loadTradeCandles(
  db: DbOrTx,
  marketId: string,
  intervalS: number,
  fromS: number,
  toS: number,
): Promise<Candle[]> {
  const rows = await db
    .select()
    .from(tradeCandles)
    .where(
      and(
        eq(tradeCandles.marketId, marketId),
        eq(tradeCandles.intervalS, intervalS),
        gte(tradeCandles.bucketStart, atSeconds(fromS)),
        lt(tradeCandles.bucketStart, atSeconds(toS)),
      ),
    )
    .orderBy(tradeCandles.bucketStart);
  return rows.map((row) => ({
    time: Math.floor(row.bucketStart.getTime() / 1000),
    open: BigInt(row.openTicks),
    high: BigInt(row.highTicks),
    low: BigInt(row.lowTicks),
    close: BigInt(row.closeTicks),
    volume: BigInt(row.volumeLots),
  }));
}

/**
 * Drops reference and trade buckets older than each width's retention (see CANDLE_KEEP_S): a week
 * of hours stays. The trades themselves are kept; only their chart buckets go.
 */
export async function pruneCandles(db: DbOrTx, now: Date): Promise<void> {
  for (const intervalS of CANDLE_INTERVALS_S) {
    const before = new Date(now.getTime() - CANDLE_KEEP_S[intervalS] * 1000);
    await db
      .delete(referenceCandles)
      .where(and(eq(referenceCandles.intervalS, intervalS), lt(referenceCandles.bucketStart, before)));
    await db
      .delete(tradeCandles)
      .where(and(eq(tradeCandles.intervalS, intervalS), lt(tradeCandles.bucketStart, before)));
  }
}

/**
 * Folds new reference prices into the stored candles of every symbol they move; `known` holds the
 * prices before them. Called in the transaction that stores the ticks, so candles and ticks agree.
 */
export async function recordReferenceCandles(
  db: DbOrTx,
  known: ReadonlyMap<string, PricePoint>,
  points: readonly PricePoint[],
): Promise<void> {
  const candles = foldSamples(referenceSamples(known, points));
  await upsertReferenceCandles(db, candles, (symbol) => chartSymbol(symbol)?.priceScale ?? 8);
}
