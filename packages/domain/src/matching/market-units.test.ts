import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarket, MARKETS } from '../markets';
import {
  baseMinor,
  exactCost,
  formatPriceTicks,
  formatQuantityLots,
  marketUnits,
  parsePriceTicks,
  parseQuantityLots,
  quoteMinor,
} from './market-units';
import { priceTicks, quantityLots } from './types';

const units = (id: string) => {
  const rules = findMarket(id);
  if (!rules) throw new Error(`no market ${id}`);
  return marketUnits(rules);
};
const btc = units('BTC-USDT');
const matic = units('MATIC-USDT');
const xrp = units('XRP-USDT');

describe('market units', () => {
  it('derives every spec market without complaint', () => {
    expect(MARKETS.map((m) => marketUnits(m).costScale)).toEqual([7, 6, 7, 8, 6, 9, 6, 5]);
    expect(btc).toMatchObject({ priceScale: 1, tickSize: 1n, quantityScale: 6, quoteScale: 8, baseScale: 8 });
  });

  it('reads a price as a count of increments and refuses one between increments', () => {
    expect(parsePriceTicks(btc, '64250.1')).toEqual({ ok: true, value: 642_501n });
    expect(parsePriceTicks(btc, '64250.10')).toEqual({ ok: true, value: 642_501n });
    expect(parsePriceTicks(btc, '64250.15')).toEqual({ ok: false, code: 'price_not_on_tick' });
    expect(parsePriceTicks(btc, '12,5')).toEqual({ ok: false, code: 'invalid_price' });
    const nickel = marketUnits({
      ...(findMarket('BTC-USDT') as NonNullable<ReturnType<typeof findMarket>>),
      priceIncrement: '0.05',
    });
    expect(parsePriceTicks(nickel, '1.15')).toEqual({ ok: true, value: 23n });
    expect(parsePriceTicks(nickel, '1.12')).toEqual({ ok: false, code: 'price_not_on_tick' });
    expect(formatPriceTicks(nickel, priceTicks(23n))).toBe('1.15');
  });

  it('reads a quantity as lots of 10^-precision and refuses finer ones', () => {
    expect(parseQuantityLots(btc, '0.25')).toEqual({ ok: true, value: 250_000n });
    expect(parseQuantityLots(btc, '0.0000001')).toEqual({ ok: false, code: 'quantity_precision_exceeded' });
    expect(parseQuantityLots(btc, '')).toEqual({ ok: false, code: 'invalid_quantity' });
    expect(formatQuantityLots(xrp, quantityLots(15n))).toBe('1.5');
  });

  it('formats back exactly what it parsed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKETS),
        fc.bigInt(0n, 10n ** 20n),
        fc.bigInt(0n, 10n ** 20n),
        (rules, ticks, lots) => {
          const u = marketUnits(rules);
          expect(parsePriceTicks(u, formatPriceTicks(u, priceTicks(ticks)))).toEqual({
            ok: true,
            value: ticks,
          });
          expect(parseQuantityLots(u, formatQuantityLots(u, quantityLots(lots)))).toEqual({
            ok: true,
            value: lots,
          });
        },
      ),
    );
  });

  it('computes the cost exactly and rounds it only as a ledger amount, in the named direction', () => {
    // 64250.1 × 0.25 = 16062.525 USDT
    const cost = exactCost(btc, priceTicks(642_501n), quantityLots(250_000n));
    expect(quoteMinor(btc, cost, 'up')).toBe(1_606_252_500_000n);
    expect(quoteMinor(btc, cost, 'down')).toBe(1_606_252_500_000n);
    // 0.00001 × 0.0001 MATIC = 0.000000001 USDT, finer than the USDT ledger unit.
    const dust = exactCost(matic, priceTicks(1n), quantityLots(1n));
    expect([quoteMinor(matic, dust, 'up'), quoteMinor(matic, dust, 'down')]).toEqual([1n, 0n]);
  });

  it('turns lots into base ledger units', () => {
    expect(baseMinor(btc, quantityLots(1n))).toBe(100n);
    expect(baseMinor(xrp, quantityLots(1n))).toBe(100_000n);
  });
});
