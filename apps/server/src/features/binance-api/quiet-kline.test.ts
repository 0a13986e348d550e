import { describe, expect, it } from 'vitest';
import { quietKline } from './binance-market-data';

describe('the current candle before anything traded in it', () => {
  it("is the interval's candle at the last price, with no volume, as Binance streams it", () => {
    const now = Date.UTC(2026, 11, 4, 18, 1, 30, 250);
    const open = Date.UTC(2026, 11, 4, 18, 1);
    expect(quietKline('1m', '60500.00', now)).toEqual([
      open,
      '60500.00',
      '60500.00',
      '60500.00',
      '60500.00',
      '0',
      open + 59_999,
      '0',
      0,
      '0',
      '0',
      '0',
    ]);
    expect(quietKline('1h', '2.5', now)?.[0]).toBe(Date.UTC(2026, 11, 4, 18));
  });

  it('is none before the market has a price', () => {
    expect(quietKline('1m', '0.00', Date.now())).toBeUndefined();
    expect(quietKline('1m', '0', Date.now())).toBeUndefined();
  });
});
