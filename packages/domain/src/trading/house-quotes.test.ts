import { describe, expect, it } from 'vitest';
import { findMarket } from '../markets';
import { formatPriceTicks, formatQuantityLots, marketUnits } from '../matching/market-units';
import type { PriceTicks, QuantityLots } from '../matching/types';
import { decideHouseRequote, HOUSE_LEVELS, type HouseLevel, houseQuotes } from './house-quotes';

const BTC = findMarket('BTC-USDT')!;
const units = marketUnits(BTC);
const usd = (whole: bigint) => whole * 100_000_000n;

describe('houseQuotes', () => {
  it('quotes a ladder: level k is k × 20 bps either side of the reference, worth 5000 USDT at its ask', () => {
    const ladder = houseQuotes(BTC, usd(60_000n), usd(1n));
    expect(ladder).toHaveLength(HOUSE_LEVELS);
    expect(formatPriceTicks(units, ladder[0]!.bid)).toBe('59880.0');
    expect(formatPriceTicks(units, ladder[0]!.ask)).toBe('60120.0');
    expect(formatPriceTicks(units, ladder[1]!.bid)).toBe('59760.0');
    expect(formatPriceTicks(units, ladder[4]!.ask)).toBe('60600.0');
    expect(Number(formatQuantityLots(units, ladder[0]!.quantity))).toBeCloseTo(5000 / 60120, 4);
    for (let k = 1; k < ladder.length; k += 1) {
      expect(ladder[k]!.bid < ladder[k - 1]!.bid).toBe(true);
      expect(ladder[k]!.ask > ladder[k - 1]!.ask).toBe(true);
    }
  });

  it('widens every level by the extra bps of an ageing price', () => {
    const ladder = houseQuotes(BTC, usd(60_000n), usd(1n), 30n);
    expect(formatPriceTicks(units, ladder[0]!.bid)).toBe('59700.0');
    expect(formatPriceTicks(units, ladder[0]!.ask)).toBe('60300.0');
  });

  it('converts through USDT when it is off par', () => {
    expect(formatPriceTicks(units, houseQuotes(BTC, usd(60_000n), 50_000_000n)[0]!.bid)).toBe('119760.0');
  });

  it('has no quote without a positive price, or when the spread rounds away', () => {
    expect(houseQuotes(BTC, 0n, usd(1n))).toEqual([]);
    expect(houseQuotes(BTC, usd(60_000n), 0n)).toEqual([]);
    expect(houseQuotes(BTC, 1n, usd(1n))).toEqual([]);
  });

  it('never quotes a quantity at or below the market minimum', () => {
    for (const level of houseQuotes(BTC, usd(1_000_000_000n), usd(1n)))
      expect(level.quantity > 0n).toBe(true);
  });
});

describe('decideHouseRequote', () => {
  const level = (bid: bigint, ask: bigint): HouseLevel => ({
    bid: bid as PriceTicks,
    ask: ask as PriceTicks,
    quantity: 3n as QuantityLots,
  });
  const ladder = [level(10_000n, 10_040n), level(9_980n, 10_060n)];
  const standing = (bestBid: bigint) => [
    { id: 'b1', side: 'buy' as const, priceTicks: bestBid },
    { id: 'b2', side: 'buy' as const, priceTicks: bestBid - 20n },
    { id: 's1', side: 'sell' as const, priceTicks: 10_040n },
    { id: 's2', side: 'sell' as const, priceTicks: 10_060n },
  ];

  it('keeps a whole ladder whose best bid is within half a step of the wanted one', () => {
    expect(decideHouseRequote(standing(10_000n), ladder)).toEqual({ kind: 'keep' });
    // Half a step is 10 bps of 10,000 ticks: 10 ticks.
    expect(decideHouseRequote(standing(10_010n), ladder)).toEqual({ kind: 'keep' });
  });

  it('replaces everything when the price moved further, or a level is missing', () => {
    for (const open of [standing(10_011n), standing(10_000n).slice(1)]) {
      expect(decideHouseRequote(open, ladder)).toEqual({
        kind: 'replace',
        cancel: open.map((o) => o.id),
        place: [
          { side: 'buy', price: 10_000n, quantity: 3n },
          { side: 'sell', price: 10_040n, quantity: 3n },
          { side: 'buy', price: 9_980n, quantity: 3n },
          { side: 'sell', price: 10_060n, quantity: 3n },
        ],
      });
    }
  });

  it('withdraws a side closed by the exposure cap and keeps the ladder that remains', () => {
    const open = standing(10_000n);
    expect(decideHouseRequote(open, ladder, { buy: false, sell: true })).toEqual({
      kind: 'replace',
      cancel: ['b1', 'b2', 's1', 's2'],
      place: [
        { side: 'sell', price: 10_040n, quantity: 3n },
        { side: 'sell', price: 10_060n, quantity: 3n },
      ],
    });
    const asksOnly = open.filter((o) => o.side === 'sell');
    expect(decideHouseRequote(asksOnly, ladder, { buy: false, sell: true })).toEqual({ kind: 'keep' });
    expect(decideHouseRequote([], ladder, { buy: false, sell: false })).toEqual({ kind: 'keep' });
    expect(decideHouseRequote(asksOnly, ladder, { buy: false, sell: false })).toEqual({
      kind: 'replace',
      cancel: ['s1', 's2'],
      place: [],
    });
  });

  it('places the ladder on an empty market and leaves orders alone without a quote', () => {
    expect(decideHouseRequote([], ladder)).toMatchObject({ kind: 'replace', cancel: [] });
    expect(decideHouseRequote([{ id: 'a', side: 'buy', priceTicks: 1n }], [])).toEqual({ kind: 'keep' });
  });
});
