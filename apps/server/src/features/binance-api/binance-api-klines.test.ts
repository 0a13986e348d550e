import { chartSymbol, parseDecimal } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { upsertReferenceCandles } from '../market-data/candles.repository';

const MINUTE = 60_000;
const TEN = Date.UTC(2026, 11, 4, 10, 0);

/**
 * GET /api/v3/klines ends a window that reaches now with the current interval's candle, as Binance's
 * does: before anything is stored in it, a quiet one (open = high = low = close = the last price, no
 * volume), the candle the kline stream sends for it too.
 */
describe('GET /api/v3/klines and the current interval', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date(TEN + 10_000));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const symbol = chartSymbol('BTC-USDT');
    if (!symbol) throw new Error('BTC-USDT has a chart symbol');
    const price = (text: string) => {
      const value = parseDecimal(text, symbol.priceScale, 'down');
      if (value === null) throw new Error(`bad price ${text}`);
      return value;
    };
    // 10:00 traded from 60,000 to 60,500 (a reference candle, in the 1-minute and 15-minute widths).
    const candle = { symbol: symbol.id, time: TEN / 1000, open: price('60000'), high: price('60800') };
    const rest = { low: price('59900'), close: price('60500') };
    await upsertReferenceCandles(
      t.ctx.db,
      [60, 900].map((intervalS) => ({ ...candle, ...rest, intervalS })),
      () => symbol.priceScale,
    );
  });
  afterAll(async () => t?.close());

  const klines = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v3/klines?symbol=BTCUSDT&${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as [number, string, string, string, string, string, number][];
  };

  it('answers the quiet current minute at the last price, after the stored ones', async () => {
    clock.set(new Date(TEN + MINUTE + 20_000));
    const rows = await klines('interval=1m&limit=3');
    expect(rows.map((row) => row.slice(0, 7))).toEqual([
      [TEN, '60000.0', '60800.0', '59900.0', '60500.0', '0.000000', TEN + MINUTE - 1],
      [TEN + MINUTE, '60500.0', '60500.0', '60500.0', '60500.0', '0', TEN + 2 * MINUTE - 1],
    ]);
  });

  it('adds none to a window that ends before now, that is full, or whose current candle is stored', async () => {
    clock.set(new Date(TEN + MINUTE + 20_000));
    expect((await klines(`interval=1m&endTime=${TEN + 30_000}`)).map((row) => row[0])).toEqual([TEN]);
    expect((await klines(`interval=1m&startTime=${TEN}&limit=1`)).map((row) => row[0])).toEqual([TEN]);
    // The hour's candle is folded from the stored 15 minutes: it is there, and not doubled.
    const hour = await klines('interval=1h&limit=2');
    expect(hour.map((row) => [row[0], row[4]])).toEqual([[TEN, '60500.0']]);
  });
});
