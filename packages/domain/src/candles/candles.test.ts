import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, type Candle, candleStats, mergeCandles, rangeWindow } from './candles';
import { CHART_SYMBOLS, chartSymbol, foldSamples, referenceSamples } from './chart-symbols';

const usd = (whole: bigint) => whole * 100_000_000n;
const at = (iso: string) => new Date(iso);
const candle = (time: number, close: bigint, volume = 0n): Candle => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
});

describe('buckets', () => {
  it('puts an instant in the bucket that starts at or before it', () => {
    const noon = Date.parse('2026-03-01T12:00:00Z');
    expect(bucketStart(noon, 60)).toBe(noon / 1000);
    expect(bucketStart(noon + 59_999, 60)).toBe(noon / 1000);
    expect(bucketStart(noon + 60_000, 60)).toBe(noon / 1000 + 60);
    expect(bucketStart(noon + 14 * 60_000, 900)).toBe(noon / 1000);
  });

  it('never puts an instant outside its bucket, for any width', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.constantFrom(60, 900, 3600),
        (ms, width) => {
          const start = bucketStart(ms, width);
          expect(start % width).toBe(0);
          expect(start * 1000).toBeLessThanOrEqual(ms);
          expect(ms).toBeLessThan((start + width) * 1000);
        },
      ),
    );
  });

  it('shows 60 one-minute, 96 quarter-hour or 168 hourly buckets ending with the current one', () => {
    const now = Date.parse('2026-03-01T12:07:30Z');
    const hour = rangeWindow('1H', now);
    expect(hour.intervalS).toBe(60);
    expect((hour.toS - hour.fromS) / 60).toBe(60);
    expect(hour.toS).toBe(Date.parse('2026-03-01T12:08:00Z') / 1000);
    const day = rangeWindow('1D', now);
    expect((day.toS - day.fromS) / 900).toBe(96);
    expect(day.fromS).toBe(Date.parse('2026-02-28T12:15:00Z') / 1000);
    const week = rangeWindow('1W', now);
    expect((week.toS - week.fromS) / 3600).toBe(168);
  });
});

describe('merging trades with the reference price', () => {
  it('shows trades where the market traded and the reference price, without volume, elsewhere', () => {
    const merged = mergeCandles(
      [{ time: 120, open: 10n, high: 12n, low: 9n, close: 11n, volume: 5n }],
      [candle(60, 100n, 7n), candle(120, 101n), candle(180, 102n)],
    );
    expect(merged).toEqual([
      candle(60, 100n, 0n),
      { time: 120, open: 10n, high: 12n, low: 9n, close: 11n, volume: 5n },
      candle(180, 102n),
    ]);
  });

  it('folds a series into its extremes, volume, first open and last close', () => {
    expect(candleStats([])).toBeNull();
    expect(
      candleStats([
        { time: 0, open: 5n, high: 8n, low: 4n, close: 6n, volume: 1n },
        { time: 60, open: 6n, high: 9n, low: 3n, close: 7n, volume: 2n },
      ]),
    ).toEqual({ open: 5n, high: 9n, low: 3n, close: 7n, volume: 3n });
  });
});

describe('reference candles from the price feed', () => {
  it('charts every USDT market and every coin against USD', () => {
    expect(chartSymbol('BTC-USDT')).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      priceScale: 1,
      marketId: 'BTC-USDT',
    });
    expect(chartSymbol('ADA-USD')).toMatchObject({
      base: 'ADA',
      quote: 'USD',
      priceScale: 8,
      marketId: null,
    });
    expect(chartSymbol('ADA-USDT')).toBeUndefined();
    expect(CHART_SYMBOLS).toHaveLength(19);
  });

  it('prices a market as base over USDT at its tick scale, once per instant', () => {
    const known = new Map([
      ['USDT', { asset: 'USDT' as const, usd: usd(1n), at: at('2026-03-01T11:59:57Z') }],
    ]);
    const samples = referenceSamples(known, [
      { asset: 'BTC', usd: 6_400_012_345_678n, at: at('2026-03-01T12:00:00Z') },
      { asset: 'USDT', usd: 200_000_000n, at: at('2026-03-01T12:00:03Z') },
      { asset: 'BTC', usd: usd(64_000n), at: at('2026-03-01T12:00:03Z') },
    ]);
    const btcUsdt = samples.filter((s) => s.symbol === 'BTC-USDT').map((s) => s.price);
    // 64,000.12345678 at one decimal, rounded down; then 64,000 / 2 in one sample, not two.
    expect(btcUsdt).toEqual([640_001n, 320_000n]);
    expect(samples.filter((s) => s.symbol === 'BTC-USD').map((s) => s.price)).toEqual([
      6_400_012_345_678n,
      usd(64_000n),
    ]);
    // USDT moved: every market's price moves with it (ETH is unknown, so it has none).
    expect(samples.some((s) => s.symbol === 'ETH-USDT')).toBe(false);
    expect(samples.filter((s) => s.symbol === 'USDT-USD')).toHaveLength(1);
  });

  it('opens a candle with the first price of its bucket and closes it with the last', () => {
    const t0 = Date.parse('2026-03-01T12:00:00Z');
    const candles = foldSamples(
      [
        { symbol: 'BTC-USDT', atMs: t0, price: 100n },
        { symbol: 'BTC-USDT', atMs: t0 + 20_000, price: 130n },
        { symbol: 'BTC-USDT', atMs: t0 + 40_000, price: 90n },
        { symbol: 'BTC-USDT', atMs: t0 + 61_000, price: 95n },
      ],
      [60, 900],
    );
    const minute = candles.filter((c) => c.intervalS === 60);
    expect(minute).toEqual([
      { symbol: 'BTC-USDT', intervalS: 60, time: t0 / 1000, open: 100n, high: 130n, low: 90n, close: 90n },
      { symbol: 'BTC-USDT', intervalS: 60, time: t0 / 1000 + 60, open: 95n, high: 95n, low: 95n, close: 95n },
    ]);
    expect(candles.filter((c) => c.intervalS === 900)).toEqual([
      { symbol: 'BTC-USDT', intervalS: 900, time: t0 / 1000, open: 100n, high: 130n, low: 90n, close: 95n },
    ]);
  });
});
