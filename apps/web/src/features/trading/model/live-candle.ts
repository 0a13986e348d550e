import type { TickerItem } from '@exchange/contracts';
import {
  type AssetCode,
  bucketStart,
  chartSymbol,
  formatMinor,
  PRICE_DECIMALS,
  type PricePoint,
  parseDecimal,
  referenceSamples,
} from '@exchange/domain';

/** What a coin's chart shows: its USDT market when it has one, else its USD reference price. */
export function chartSymbolOf(coin: string, marketId: string | null): string {
  return marketId ?? `${coin}-USD`;
}

/**
 * The symbol's reference price in a ticker frame, worked out exactly as the server stores it (the
 * same domain rule: base over USDT at the market's tick, rounded down), as a decimal string.
 */
export function tickerPrice(
  symbolId: string,
  items: readonly TickerItem[],
): { price: string; atMs: number } | null {
  const symbol = chartSymbol(symbolId);
  if (!symbol) return null;
  const points: PricePoint[] = [];
  for (const item of items) {
    if (item.ticker !== symbol.base && item.ticker !== 'USDT') continue;
    const usd = parseDecimal(item.lastPrice, PRICE_DECIMALS, 'down');
    const atMs = Date.parse(item.at);
    if (usd === null || !Number.isFinite(atMs)) continue;
    points.push({ asset: item.ticker as AssetCode, usd, at: new Date(atMs) });
  }
  const sample = referenceSamples(new Map(), points)
    .filter((s) => s.symbol === symbol.id)
    .at(-1);
  return sample ? { price: formatMinor(sample.price, symbol.priceScale), atMs: sample.atMs } : null;
}

/** A candle as drawn: numbers for the canvas only, never summed or compared as money. */
export interface PlotCandle {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/**
 * The last drawn candle moved by a live reference price at `atMs`: the same bucket widens and
 * closes at it, a later bucket opens a new candle, an older one changes nothing (null). A bucket the
 * market traded in shows its trades, so a reference price leaves it alone too.
 */
export function liveCandle(
  last: PlotCandle | undefined,
  lastTraded: boolean,
  intervalS: number,
  atMs: number,
  price: number,
): PlotCandle | null {
  if (!Number.isFinite(price) || price <= 0) return null;
  const time = bucketStart(atMs, intervalS);
  if (!last || time > last.time) return { time, open: price, high: price, low: price, close: price };
  if (time < last.time || lastTraded) return null;
  return { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price };
}
