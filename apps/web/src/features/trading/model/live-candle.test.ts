import { describe, expect, it } from 'vitest';
import { chartSymbolOf, liveCandle, tickerPrice } from './live-candle';

const at = '2026-03-01T12:00:03.000Z';
const atMs = Date.parse(at);
const minute = Math.floor(atMs / 60_000) * 60;

describe('the live chart candle', () => {
  it('charts a coin’s USDT market, or its USD price when it has none', () => {
    expect(chartSymbolOf('BTC', 'BTC-USDT')).toBe('BTC-USDT');
    expect(chartSymbolOf('ADA', null)).toBe('ADA-USD');
  });

  it('reads a market’s USDT price from the ticker as the server does: base over USDT, at the tick', () => {
    const frame = [
      { ticker: 'BTC', lastPrice: '64000.12345678', priceChangePercent: '0.00', at },
      { ticker: 'USDT', lastPrice: '1.00010000', priceChangePercent: '0.00', at },
    ];
    // 64,000.12345678 / 1.0001 = 63,993.72…, rounded down to the 0.1 tick.
    expect(tickerPrice('BTC-USDT', frame)).toEqual({ price: '63993.7', atMs });
    expect(tickerPrice('BTC-USD', frame)).toEqual({ price: '64000.12345678', atMs });
    expect(tickerPrice('ETH-USDT', frame)).toBeNull();
  });

  it('widens and closes the current candle, opens the next, and leaves a traded one alone', () => {
    const last = { time: minute, open: 10, high: 12, low: 9, close: 11 };
    expect(liveCandle(last, false, 60, atMs, 13)).toEqual({ ...last, high: 13, close: 13 });
    expect(liveCandle(last, false, 60, atMs, 8)).toEqual({ ...last, low: 8, close: 8 });
    expect(liveCandle(last, true, 60, atMs, 13)).toBeNull();
    expect(liveCandle(last, true, 60, atMs + 60_000, 13)).toEqual({
      time: minute + 60,
      open: 13,
      high: 13,
      low: 13,
      close: 13,
    });
    expect(liveCandle(last, false, 60, atMs - 60_000, 13)).toBeNull();
  });
});
