import { describe, expect, it } from 'vitest';
import {
  chainAmountToMinor,
  chainFeeToMinor,
  chainUnitsPerMinor,
  finerUnit,
  minorToChainAmount,
} from './units';

describe('chain units and ledger units', () => {
  it('turns wei into the ledger units of ETH, cutting the dust', () => {
    expect(chainAmountToMinor(1_000_000_000_000_000_000n, 18, 8)).toBe(100_000_000n);
    expect(chainAmountToMinor(1_234_567_899n, 18, 8)).toBe(0n);
    expect(chainAmountToMinor(12_345_678_901n, 18, 8)).toBe(1n);
  });

  it('scales a 6-decimal token up to the ledger units', () => {
    expect(chainAmountToMinor(2_500_000n, 6, 8)).toBe(250_000_000n);
  });

  it('is the inverse of chainAmountToMinor for ETH (18 places) and USDT (6 places) at scale 8', () => {
    expect(minorToChainAmount(5_000_000n, 18, 8)).toBe(50_000_000_000_000_000n);
    expect(chainAmountToMinor(minorToChainAmount(123_456_789n, 18, 8), 18, 8)).toBe(123_456_789n);
    expect(minorToChainAmount(2_500_000_000n, 6, 8)).toBe(25_000_000n);
    expect(chainAmountToMinor(minorToChainAmount(2_500_000_000n, 6, 8), 6, 8)).toBe(2_500_000_000n);
  });

  it("rounds a fee up to the ledger's unit, at the native coin's own places", () => {
    expect(chainFeeToMinor(21_000n * 1_000_000_000n, 18, 8)).toBe(2_100n);
    expect(chainFeeToMinor(10_000_000_000n, 18, 8)).toBe(1n);
    expect(chainFeeToMinor(10_000_000_001n, 18, 8)).toBe(2n);
    expect(chainFeeToMinor(0n, 18, 8)).toBe(0n);
    // A Bitcoin-family coin counts 8 places, as the ledger does: a fee is exact there.
    expect(chainFeeToMinor(2_260n, 8, 8)).toBe(2_260n);
  });

  it("names the chain's step one minor unit is worth, and the finer unit both compare in", () => {
    expect(chainUnitsPerMinor(18, 8)).toBe(10_000_000_000n);
    expect(chainUnitsPerMinor(6, 8)).toBe(1n);
    expect(finerUnit(18, 8)).toEqual({ chainUp: 1n, ledgerUp: 10_000_000_000n });
    expect(finerUnit(6, 8)).toEqual({ chainUp: 100n, ledgerUp: 1n });
  });

  it('refuses a negative chain amount', () => {
    expect(() => chainAmountToMinor(-1n, 18, 8)).toThrow(/never negative/);
    expect(() => minorToChainAmount(-1n, 18, 8)).toThrow(/never negative/);
  });
});
