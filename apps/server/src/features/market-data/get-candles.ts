import type { Candles } from '@exchange/contracts';
import {
  type Candle,
  type ChartRange,
  type ChartSymbol,
  candleStats,
  chartSymbol,
  findMarket,
  formatMinor,
  marketUnits,
  mergeCandles,
  rangeWindow,
} from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import type { DbOrTx } from '../../platform/db';
import { loadReferenceCandles, loadTradeCandles } from './candles.repository';
import { formatChangePercent } from './tickers';

/**
 * A symbol's candles of `intervalS` seconds (a stored width) in [fromS, toS): the market's own trades
 * where it traded, the stored reference price elsewhere (see mergeCandles), prices at the symbol's
 * scale, volumes in the market's lots.
 */
export async function storedCandles(
  db: DbOrTx,
  symbol: ChartSymbol,
  intervalS: number,
  fromS: number,
  toS: number,
): Promise<Candle[]> {
  const rules = symbol.marketId ? findMarket(symbol.marketId) : undefined;
  const [reference, traded] = await Promise.all([
    loadReferenceCandles(db, symbol, intervalS, fromS, toS),
    rules ? loadTradeCandles(db, rules.id, intervalS, fromS, toS) : Promise.resolve([]),
  ]);
  // Trades are stored in ticks and lots; a market symbol's price scale is its tick scale.
  const tickSize = rules ? marketUnits(rules).tickSize : 1n;
  const trades = traded.map((candle) => ({
    ...candle,
    open: candle.open * tickSize,
    high: candle.high * tickSize,
    low: candle.low * tickSize,
    close: candle.close * tickSize,
  }));
  return mergeCandles(trades, reference);
}

/** A symbol's candles over a range at `nowMs`. */
async function candleSeries(
  db: DbOrTx,
  symbol: ChartSymbol,
  range: ChartRange,
  nowMs: number,
): Promise<Candle[]> {
  const { intervalS, fromS, toS } = rangeWindow(range, nowMs);
  return storedCandles(db, symbol, intervalS, fromS, toS);
}

/** GET /market/candles: the chosen range's candles and the last 24 hours' figures. */
export async function getCandles(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  query: { market: string; range: ChartRange },
): Promise<Candles> {
  const symbol = chartSymbol(query.market);
  // The contract only lets known symbols through.
  if (!symbol) throw new Error(`invariant violated: unknown chart symbol ${query.market}`);
  const nowMs = ctx.clock.now().getTime();
  const candles = await candleSeries(ctx.db, symbol, query.range, nowMs);
  const day = query.range === '1D' ? candles : await candleSeries(ctx.db, symbol, '1D', nowMs);
  const stats = candleStats(day);
  const price = (value: bigint) => formatMinor(value, symbol.priceScale);
  const volume = (value: bigint) => formatMinor(value, symbol.quantityScale);
  return {
    market: symbol.id,
    base: symbol.base,
    quote: symbol.quote,
    range: query.range,
    interval: rangeWindow(query.range, nowMs).intervalS,
    candles: candles.map((candle) => ({
      time: candle.time,
      open: price(candle.open),
      high: price(candle.high),
      low: price(candle.low),
      close: price(candle.close),
      volume: volume(candle.volume),
    })),
    stats: stats && {
      last: price(stats.close),
      high: price(stats.high),
      low: price(stats.low),
      volume: volume(stats.volume),
      change: formatChangePercent(stats.open, stats.close),
    },
  };
}
