import { describe, expect, it } from 'vitest';
import { maxQuantity } from './max-quantity';

describe('the Max and percent buttons', () => {
  it('sells a share of the coin balance, cut to the precision', () => {
    expect(
      maxQuantity({
        side: 'sell',
        balance: '0.123456789',
        price: null,
        feeBps: 20n,
        percent: 100,
        decimals: 6,
      }),
    ).toBe('0.123456');
    expect(
      maxQuantity({ side: 'sell', balance: '1', price: null, feeBps: 20n, percent: 25, decimals: 6 }),
    ).toBe('0.250000');
  });

  it('buys what the balance pays for at the price, fee included, never more', () => {
    // 1002 USDT at 1000 with a 0.2% fee buys exactly 1.
    expect(
      maxQuantity({ side: 'buy', balance: '1002', price: '1000', feeBps: 20n, percent: 100, decimals: 6 }),
    ).toBe('1.000000');
    expect(
      maxQuantity({ side: 'buy', balance: '1002', price: '1000', feeBps: 20n, percent: 50, decimals: 6 }),
    ).toBe('0.500000');
    expect(
      maxQuantity({ side: 'buy', balance: '100', price: '3', feeBps: 0n, percent: 100, decimals: 4 }),
    ).toBe('33.3333');
  });

  it('has nothing to offer without a balance or, for a buy, a price', () => {
    expect(
      maxQuantity({ side: 'buy', balance: '100', price: null, feeBps: 20n, percent: 100, decimals: 6 }),
    ).toBeNull();
    expect(
      maxQuantity({ side: 'sell', balance: undefined, price: null, feeBps: 20n, percent: 100, decimals: 6 }),
    ).toBeNull();
  });
});
