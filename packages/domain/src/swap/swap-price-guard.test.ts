import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_AGE_SPREAD, priceAgeSpreadBps, widenPrice } from '../price-safety';
import { decideSwapPriceMove, swapQuotePrices } from './swap-price-guard';

const at = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('swapQuotePrices', () => {
  it('uses fresh prices as they are', () => {
    expect(swapQuotePrices({ usd: 3000n, at }, { usd: 60000n, at }, later(5_000))).toEqual({
      fromUsd: 3000n,
      toUsd: 60000n,
    });
  });

  it('widens each price against the user by its own age, as an instant quote would', () => {
    // 15 s old: 10 s past the grace, 2 bps a second = 20 bps. The other price is fresh.
    const prices = swapQuotePrices(
      { usd: 300_000n, at },
      { usd: 6_000_000n, at: later(14_000) },
      later(15_000),
    );
    expect(prices).toEqual({ fromUsd: 299_400n, toUsd: 6_000_000n });
    expect(prices.fromUsd).toBe(widenPrice(300_000n, 'sell', priceAgeSpreadBps(15_000)));
    const both = swapQuotePrices({ usd: 300_000n, at }, { usd: 6_000_000n, at }, later(15_000));
    expect(both).toEqual({ fromUsd: 299_400n, toUsd: 6_012_000n });
  });

  it('never widens past the policy cap, and the rate it gives only falls with age', () => {
    const capped = swapQuotePrices({ usd: 10_000n, at }, { usd: 10_000n, at }, later(3_600_000));
    expect(capped).toEqual({ fromUsd: 9_950n, toUsd: 10_050n });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: 5_000 }), (age, more) => {
        const a = swapQuotePrices({ usd: 300_000_000n, at }, { usd: 6_000_000_000n, at }, later(age));
        const b = swapQuotePrices({ usd: 300_000_000n, at }, { usd: 6_000_000_000n, at }, later(age + more));
        // rate a >= rate b  <=>  a.from * b.to >= b.from * a.to
        return a.fromUsd * b.toUsd >= b.fromUsd * a.toUsd;
      }),
    );
    expect(PRICE_AGE_SPREAD.maxBps).toBe(50n);
  });
});

describe('decideSwapPriceMove', () => {
  const quoted = { fromUsd: 1_000_000n, toUsd: 2_000_000n };

  it('passes unchanged prices', () => {
    expect(decideSwapPriceMove(quoted, quoted, 50n).ok).toBe(true);
  });

  it('passes a move against the house of exactly the tolerance, refuses one unit beyond', () => {
    // The `from` price falls 50 bps: 1 000 000 → 995 000.
    expect(decideSwapPriceMove(quoted, { ...quoted, fromUsd: 995_000n }, 50n)).toEqual({
      ok: true,
      value: undefined,
    });
    expect(decideSwapPriceMove(quoted, { ...quoted, fromUsd: 994_999n }, 50n)).toEqual({
      ok: false,
      code: 'price_moved',
    });
  });

  it('judges the rate between the two coins: the `to` price rising is the same move', () => {
    // The `to` price rising lowers the rate: the limit is 2 000 000 / 0.995 = 2 010 050.25.
    expect(decideSwapPriceMove(quoted, { ...quoted, toUsd: 2_010_050n }, 50n).ok).toBe(true);
    expect(decideSwapPriceMove(quoted, { ...quoted, toUsd: 2_010_051n }, 50n)).toMatchObject({
      code: 'price_moved',
    });
    // Both moving with each other keep the rate: passes.
    expect(decideSwapPriceMove(quoted, { fromUsd: 500_000n, toUsd: 1_000_000n }, 0n).ok).toBe(true);
  });

  it('passes any move in the house’s favour (the customer’s risk), however large', () => {
    expect(decideSwapPriceMove(quoted, { ...quoted, fromUsd: 5_000_000n }, 0n).ok).toBe(true);
    expect(decideSwapPriceMove(quoted, { ...quoted, toUsd: 1n }, 0n).ok).toBe(true);
  });

  it('with a zero tolerance refuses any move against the house', () => {
    expect(decideSwapPriceMove(quoted, { ...quoted, fromUsd: 999_999n }, 0n).ok).toBe(false);
  });

  it('agrees with the exact rational comparison', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 1_000n }),
        (qf, qt, cf, ct, tol) => {
          // Refused exactly when the current rate is below the quoted rate less the tolerance:
          // cf/ct < (qf/qt) × (10 000 - tol) / 10 000.
          const refuse = cf * qt * 10_000n < qf * ct * (10_000n - tol);
          const decided = decideSwapPriceMove({ fromUsd: qf, toUsd: qt }, { fromUsd: cf, toUsd: ct }, tol);
          return decided.ok === !refuse;
        },
      ),
    );
  });
});
