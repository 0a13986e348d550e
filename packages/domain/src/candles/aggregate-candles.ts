import { bucketStart, type Candle } from './candles';

/**
 * Folds candles (oldest first, of a width that divides `intervalS`) into buckets of `intervalS`
 * seconds: the first open, the highest high, the lowest low, the last close and the summed volume of
 * each bucket. A bucket without a candle is left out, as the stored series leaves quiet minutes out.
 */
export function aggregateCandles(candles: readonly Candle[], intervalS: number): Candle[] {
  const out: Candle[] = [];
  for (const candle of candles) {
    const time = bucketStart(candle.time * 1000, intervalS);
    const last = out[out.length - 1];
    if (last && last.time === time) {
      out[out.length - 1] = {
        time,
        open: last.open,
        high: candle.high > last.high ? candle.high : last.high,
        low: candle.low < last.low ? candle.low : last.low,
        close: candle.close,
        volume: last.volume + candle.volume,
      };
    } else out.push({ ...candle, time });
  }
  return out;
}
