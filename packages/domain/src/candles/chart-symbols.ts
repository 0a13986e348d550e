import { CRYPTO_CODES, type CryptoCode, getAsset } from '../assets';
import { MARKETS } from '../markets';
import { marketUnits } from '../matching/market-units';
import { divide, pow10 } from '../money';
import { PRICE_DECIMALS, type PricePoint } from '../prices';
import { bucketStart, CANDLE_INTERVALS_S } from './candles';

/**
 * Something the trading screen can chart: each USDT market ('BTC-USDT', priced at its tick scale,
 * with trades of its own) and each coin against USD ('ADA-USD', the reference price the instant
 * orders use, 8 decimals, no trades).
 */
export interface ChartSymbol {
  readonly id: string;
  readonly base: CryptoCode;
  readonly quote: 'USDT' | 'USD';
  readonly priceScale: number;
  readonly quantityScale: number;
  /** The limit-order market whose trades fill the candles; null for a USD reference chart. */
  readonly marketId: string | null;
}

export const CHART_SYMBOLS: readonly ChartSymbol[] = [
  ...MARKETS.map((rules): ChartSymbol => {
    const units = marketUnits(rules);
    return {
      id: rules.id,
      base: rules.base,
      quote: 'USDT',
      priceScale: units.priceScale,
      quantityScale: units.quantityScale,
      marketId: rules.id,
    };
  }),
  ...CRYPTO_CODES.map(
    (code): ChartSymbol => ({
      id: `${code}-USD`,
      base: code,
      quote: 'USD',
      priceScale: PRICE_DECIMALS,
      quantityScale: getAsset(code).scale,
      marketId: null,
    }),
  ),
];

export const CHART_SYMBOL_IDS = CHART_SYMBOLS.map((symbol) => symbol.id) as [string, ...string[]];

export function chartSymbol(id: string): ChartSymbol | undefined {
  return CHART_SYMBOLS.find((symbol) => symbol.id === id);
}

/** One reference price of a chart symbol at one instant. */
export interface PriceSample {
  readonly symbol: string;
  readonly atMs: number;
  readonly price: bigint;
}

/**
 * The chart prices that new USD reference points move. Points are applied in time order, all points
 * of one instant together (so a BTC and a USDT tick of the same instant give one BTC-USDT price, not
 * a stale ratio first); `known` holds the prices before them. A coin's USD symbol takes its price as
 * is; a market takes base / USDT at its tick scale, rounded down, once both are known. Non-positive
 * prices are skipped: they are a provider's error, not a price.
 */
export function referenceSamples(
  known: ReadonlyMap<string, PricePoint>,
  points: readonly PricePoint[],
): PriceSample[] {
  const prices = new Map<string, bigint>();
  for (const [asset, point] of known) if (point.usd > 0n) prices.set(asset, point.usd);
  const ordered = points.filter((point) => point.usd > 0n).sort((a, b) => a.at.getTime() - b.at.getTime());
  const samples: PriceSample[] = [];
  let index = 0;
  while (index < ordered.length) {
    const atMs = ordered[index]!.at.getTime();
    const moved = new Set<string>();
    while (index < ordered.length && ordered[index]!.at.getTime() === atMs) {
      const point = ordered[index]!;
      prices.set(point.asset, point.usd);
      moved.add(point.asset);
      index += 1;
    }
    const usdt = prices.get('USDT');
    for (const symbol of CHART_SYMBOLS) {
      const base = prices.get(symbol.base);
      if (base === undefined) continue;
      if (symbol.quote === 'USD') {
        if (moved.has(symbol.base)) samples.push({ symbol: symbol.id, atMs, price: base });
      } else if (usdt !== undefined && (moved.has(symbol.base) || moved.has('USDT'))) {
        const price = divide(base * pow10(symbol.priceScale), usdt, 'down');
        samples.push({ symbol: symbol.id, atMs, price });
      }
    }
  }
  return samples;
}

/** A reference candle to store: one symbol, one bucket width, one bucket. */
export interface ReferenceCandle {
  readonly symbol: string;
  readonly intervalS: number;
  readonly time: number;
  readonly open: bigint;
  readonly high: bigint;
  readonly low: bigint;
  readonly close: bigint;
}

/**
 * Folds time-ordered samples into one candle per symbol, bucket width and bucket: the first sample
 * opens it, the last closes it. Stored candles merge these the same way (see the repository's upsert).
 */
export function foldSamples(
  samples: readonly PriceSample[],
  intervals: readonly number[] = CANDLE_INTERVALS_S,
): ReferenceCandle[] {
  const candles = new Map<string, ReferenceCandle>();
  for (const sample of samples) {
    for (const intervalS of intervals) {
      const time = bucketStart(sample.atMs, intervalS);
      const key = `${sample.symbol}|${intervalS}|${time}`;
      const known = candles.get(key);
      candles.set(
        key,
        known
          ? {
              ...known,
              high: sample.price > known.high ? sample.price : known.high,
              low: sample.price < known.low ? sample.price : known.low,
              close: sample.price,
            }
          : {
              symbol: sample.symbol,
              intervalS,
              time,
              open: sample.price,
              high: sample.price,
              low: sample.price,
              close: sample.price,
            },
      );
    }
  }
  return [...candles.values()];
}
