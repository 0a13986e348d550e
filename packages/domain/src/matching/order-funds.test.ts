import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarket, type MarketRules } from '../markets';
import { type ExactCost, exactCost, marketUnits } from './market-units';
import { buyerAmounts, buyOrderLock, sellerAmounts, sellOrderLock, tradeFee } from './order-funds';
import { priceTicks, quantityLots } from './types';

const market = (id: string): MarketRules => {
  const rules = findMarket(id);
  if (!rules) throw new Error(`no market ${id}`);
  return rules;
};
const btc = market('BTC-USDT');
const matic = market('MATIC-USDT');

describe('fees and holds', () => {
  it('charges 0.2% and rounds the fee up', () => {
    expect(tradeFee(btc, 'taker', 10_000n)).toBe(20n);
    expect(tradeFee(btc, 'maker', 1_001n)).toBe(3n);
    expect(tradeFee(btc, 'maker', 0n)).toBe(0n);
  });

  it('holds ceil(price × quantity) plus the fee for a buy order', () => {
    const u = marketUnits(btc);
    // 0.25 BTC at 64250.1 = 16062.525 USDT, fee 32.12505 USDT
    expect(buyOrderLock(btc, u, priceTicks(642_501n), quantityLots(250_000n))).toBe(1_609_465_005_000n);
    // 10.0001 MATIC at 0.12345 = 1.234512345 USDT: rounds up to 1.23451235, fee 0.00246903 (rounded up)
    const m = marketUnits(matic);
    expect(buyOrderLock(matic, m, priceTicks(12_345n), quantityLots(100_001n))).toBe(123_451_235n + 246_903n);
  });

  it('holds the quantity itself for a sell order', () => {
    expect(sellOrderLock(marketUnits(btc), quantityLots(250_000n))).toBe(25_000_000n);
  });

  it('settles fills cumulatively: every step moves a non-negative amount and the buyer never exceeds the hold', () => {
    const u = marketUnits(matic);
    const fills = fc.array(fc.record({ below: fc.bigInt(0n, 5n), lots: fc.bigInt(1n, 50n) }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(fc.bigInt(6n, 20_000n), fills, (limitTicks, steps) => {
        const total = steps.reduce((sum, s) => sum + s.lots, 0n);
        const hold = buyOrderLock(matic, u, priceTicks(limitTicks), quantityLots(total));
        let cumulative = 0n as ExactCost;
        let paid = 0n;
        let received = 0n;
        for (const s of steps) {
          const fillCost = exactCost(u, priceTicks(limitTicks - s.below), quantityLots(s.lots));
          const before = cumulative;
          cumulative = (cumulative + fillCost) as ExactCost;
          const buyerStep = buyerAmounts(u, cumulative, 20n).total - buyerAmounts(u, before, 20n).total;
          const sellerStep = sellerAmounts(u, cumulative, 20n).total - sellerAmounts(u, before, 20n).total;
          const feeStep = sellerAmounts(u, cumulative, 20n).fee - sellerAmounts(u, before, 20n).fee;
          expect(buyerStep >= 0n && sellerStep >= 0n && feeStep >= 0n).toBe(true);
          paid += buyerStep;
          received += sellerStep;
        }
        expect(paid).toBeLessThanOrEqual(hold);
        // The house keeps both fees and the rounding: what the buyer pays covers what the seller gets.
        expect(paid - received).toBeGreaterThanOrEqual(0n);
      }),
    );
  });
});
