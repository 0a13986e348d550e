import { describe, expect, it } from 'vitest';
import { findMarket } from '../markets';
import { formatPriceTicks, formatQuantityLots, marketUnits } from '../matching/market-units';
import type { PriceTicks, QuantityLots } from '../matching/types';
import { decideHouseRequote, houseQuotes } from './house-quotes';

const BTC = findMarket('BTC-USDT')!;
const units = marketUnits(BTC);
const usd = (whole: bigint) => whole * 100_000_000n;

describe('houseQuotes', () => {
  it('quotes 20 bps either side of the reference, worth 5000 USDT at the ask', () => {
    const quotes = houseQuotes(BTC, usd(60_000n), usd(1n))!;
    expect(formatPriceTicks(units, quotes.bid)).toBe('59880.0');
    expect(formatPriceTicks(units, quotes.ask)).toBe('60120.0');
    expect(Number(formatQuantityLots(units, quotes.quantity))).toBeCloseTo(5000 / 60120, 4);
  });

  it('converts through USDT when it is off par', () => {
    const quotes = houseQuotes(BTC, usd(60_000n), 50_000_000n)!;
    expect(formatPriceTicks(units, quotes.bid)).toBe('119760.0');
  });

  it('has no quote without a positive price, or when the spread rounds away', () => {
    expect(houseQuotes(BTC, 0n, usd(1n))).toBeNull();
    expect(houseQuotes(BTC, usd(60_000n), 0n)).toBeNull();
    expect(houseQuotes(BTC, 1n, usd(1n))).toBeNull();
  });

  it('never quotes a quantity at or below the market minimum', () => {
    const quotes = houseQuotes(BTC, usd(1_000_000_000n), usd(1n))!;
    expect(quotes.quantity > 0n).toBe(true);
  });
});

describe('decideHouseRequote', () => {
  const quotes = { bid: 10n as PriceTicks, ask: 12n as PriceTicks, quantity: 3n as QuantityLots };

  it('keeps orders that already are the quotes', () => {
    const open = [
      { id: 'a', side: 'buy' as const, priceTicks: 10n },
      { id: 'b', side: 'sell' as const, priceTicks: 12n },
    ];
    expect(decideHouseRequote(open, quotes)).toEqual({ kind: 'keep' });
  });

  it('replaces everything when a price moved, a side is missing or there are extras', () => {
    for (const open of [
      [
        { id: 'a', side: 'buy' as const, priceTicks: 9n },
        { id: 'b', side: 'sell' as const, priceTicks: 12n },
      ],
      [{ id: 'a', side: 'buy' as const, priceTicks: 10n }],
      [
        { id: 'a', side: 'buy' as const, priceTicks: 10n },
        { id: 'b', side: 'sell' as const, priceTicks: 12n },
        { id: 'c', side: 'sell' as const, priceTicks: 12n },
      ],
    ]) {
      const decision = decideHouseRequote(open, quotes);
      expect(decision).toEqual({
        kind: 'replace',
        cancel: open.map((o) => o.id),
        place: [
          { side: 'buy', price: 10n, quantity: 3n },
          { side: 'sell', price: 12n, quantity: 3n },
        ],
      });
    }
  });

  it('places both quotes on an empty market and leaves orders alone without a quote', () => {
    expect(decideHouseRequote([], quotes)).toMatchObject({ kind: 'replace', cancel: [] });
    expect(decideHouseRequote([{ id: 'a', side: 'buy', priceTicks: 1n }], null)).toEqual({ kind: 'keep' });
  });
});
