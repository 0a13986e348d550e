import { describe, expect, it } from 'vitest';
import { aggregateCandles } from './aggregate-candles';

const candle = (time: number, open: bigint, high: bigint, low: bigint, close: bigint, volume: bigint) => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});

describe('candles folded into wider buckets (Binance klines of 5m from stored 1m candles)', () => {
  it('keeps the first open, the extremes, the last close and the summed volume per bucket', () => {
    const minutes = [
      candle(600, 10n, 12n, 9n, 11n, 1n),
      candle(660, 11n, 15n, 10n, 14n, 2n),
      candle(840, 14n, 14n, 8n, 9n, 3n),
      candle(900, 9n, 10n, 9n, 10n, 4n),
    ];
    expect(aggregateCandles(minutes, 300)).toEqual([
      candle(600, 10n, 15n, 8n, 9n, 6n),
      candle(900, 9n, 10n, 9n, 10n, 4n),
    ]);
  });
});
