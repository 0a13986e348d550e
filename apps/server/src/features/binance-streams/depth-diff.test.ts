import type { MarketDepth } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { depthDiff, topChanged } from './depth-diff';

const depth = (bids: [string, string][], asks: [string, string][]): MarketDepth => ({
  market_id: 'BTC-USDT',
  bids: bids.map(([price, quantity]) => ({ price, quantity })),
  asks: asks.map(([price, quantity]) => ({ price, quantity })),
});

/** Applies a diff as a Binance client does: a level set to its quantity, removed at zero. */
function apply(book: Map<string, string>, changes: [string, string][]) {
  for (const [price, quantity] of changes) {
    if (Number(quantity) === 0) book.delete(price);
    else book.set(price, quantity);
  }
}

describe('the depth stream diff', () => {
  it('lists new and changed levels, and levels gone as zero', () => {
    const before = depth(
      [
        ['100', '1'],
        ['99', '2'],
      ],
      [['101', '1']],
    );
    const after = depth(
      [
        ['100', '3'],
        ['98', '1'],
      ],
      [['101', '1']],
    );
    expect(depthDiff(before, after, '0.000000')).toEqual({
      bids: [
        ['100', '3'],
        ['98', '1'],
        ['99', '0.000000'],
      ],
      asks: [],
    });
  });

  it('brings a client book from before to after, twice applied or not', () => {
    const before = depth(
      [
        ['100', '1'],
        ['99', '2'],
        ['97', '5'],
      ],
      [
        ['101', '1'],
        ['102', '4'],
      ],
    );
    const after = depth(
      [
        ['99', '2'],
        ['96', '1'],
      ],
      [
        ['100.5', '1'],
        ['102', '1'],
      ],
    );
    const diff = depthDiff(before, after, '0');
    for (const times of [1, 2]) {
      const bids = new Map(before.bids.map((l) => [l.price, l.quantity]));
      const asks = new Map(before.asks.map((l) => [l.price, l.quantity]));
      for (let i = 0; i < times; i++) {
        apply(bids, diff.bids);
        apply(asks, diff.asks);
      }
      expect(Object.fromEntries(bids)).toEqual({ '99': '2', '96': '1' });
      expect(Object.fromEntries(asks)).toEqual({ '100.5': '1', '102': '1' });
    }
  });

  it('tells when the best bid or ask moved', () => {
    const before = depth([['100', '1']], [['101', '1']]);
    expect(
      topChanged(
        before,
        depth(
          [
            ['100', '1'],
            ['99', '1'],
          ],
          [['101', '1']],
        ),
      ),
    ).toBe(false);
    expect(topChanged(before, depth([['100', '2']], [['101', '1']]))).toBe(true);
    expect(topChanged(before, depth([['100', '1']], []))).toBe(true);
  });
});
