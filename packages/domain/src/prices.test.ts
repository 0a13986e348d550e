import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeHundredthsOfPercent, convertByPrices, isStale, rateBetween } from './prices';

const usd = (dollars: bigint) => dollars * 100_000_000n;

describe('prices', () => {
  it('converts half a bitcoin into dollars at the reference price, to the cent', () => {
    // 0.5 BTC (8 decimals) at $64,000.12345678 is $32,000.06172839, rounded down to $32,000.06.
    const btc = { scale: 8, usd: 6_400_012_345_678n };
    const dollar = { scale: 2, usd: usd(1n) };
    expect(convertByPrices(50_000_000n, btc, dollar, 'down')).toBe(3_200_006n);
    expect(convertByPrices(50_000_000n, btc, dollar, 'up')).toBe(3_200_007n);
  });

  it('converts between two coins without rounding the rate first', () => {
    // 1,000 XRP (6 decimals) at $0.5 into ETH at $3,000: 0.16666666 ETH, truncated.
    const xrp = { scale: 6, usd: 50_000_000n };
    const eth = { scale: 8, usd: usd(3_000n) };
    expect(convertByPrices(1_000_000_000n, xrp, eth, 'down')).toBe(16_666_666n);
  });

  it('never pays out more than the exact value when rounding down', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        (amount, fromUsd, toUsd, fromScale, toScale) => {
          const out = convertByPrices(
            amount,
            { scale: fromScale, usd: fromUsd },
            { scale: toScale, usd: toUsd },
            'down',
          );
          // out / 10^toScale * toUsd <= amount / 10^fromScale * fromUsd, cross-multiplied to stay exact.
          const paid = out * toUsd * 10n ** BigInt(fromScale);
          const owed = amount * fromUsd * 10n ** BigInt(toScale);
          expect(paid <= owed).toBe(true);
          expect((out + 1n) * toUsd * 10n ** BigInt(fromScale) > owed).toBe(true);
        },
      ),
    );
  });

  it('gives the rate of one unit in another', () => {
    expect(rateBetween(usd(64_000n), usd(1n), 8, 'down')).toBe(usd(64_000n));
    expect(rateBetween(usd(1n), usd(3n), 4, 'down')).toBe(3_333n);
  });

  it('states the change in hundredths of a percent, halves away from zero', () => {
    expect(changeHundredthsOfPercent(usd(100n), usd(101n))).toBe(100n);
    expect(changeHundredthsOfPercent(usd(100n), usd(99n))).toBe(-100n);
    expect(changeHundredthsOfPercent(20_000n, 20_001n)).toBe(1n); // +0.0050% rounds to +0.01%
    expect(changeHundredthsOfPercent(20_000n, 19_999n)).toBe(-1n);
    expect(changeHundredthsOfPercent(30_000n, 30_001n)).toBe(0n); // +0.0033% rounds to 0
    expect(changeHundredthsOfPercent(usd(3n), usd(3n))).toBe(0n);
  });

  it('calls a price stale only once it is older than the limit', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const point = { asset: 'BTC' as const, usd: 1n, at };
    expect(isStale(point, new Date(at.getTime() + 120_000), 120_000)).toBe(false);
    expect(isStale(point, new Date(at.getTime() + 120_001), 120_000)).toBe(true);
  });
});
