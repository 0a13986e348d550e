import { describe, expect, it } from 'vitest';
import {
  exposureCents,
  houseExposureAllows,
  type PendingJump,
  priceAgeSpreadBps,
  screenPriceTick,
  widenPrice,
} from './price-safety';

const POLICY = { maxJumpBps: 2_000n, confirmTicks: 3 };
const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, seconds));
const usd = (dollars: number) => BigInt(dollars) * 100_000_000n;

describe('screenPriceTick', () => {
  it('refuses a tick that carries no provider timestamp, even the very first one', () => {
    const screen = screenPriceTick(undefined, null, { usd: usd(100), at: null }, POLICY);
    expect(screen).toEqual({ use: false, reason: 'no_timestamp', pending: null });
  });

  it('refuses a price that is not positive', () => {
    expect(screenPriceTick({ usd: usd(100) }, null, { usd: 0n, at: at(1) }, POLICY).use).toBe(false);
  });

  it('takes the first price, and moves within the bound (20% either way, inclusive)', () => {
    expect(screenPriceTick(undefined, null, { usd: usd(100), at: at(0) }, POLICY).use).toBe(true);
    expect(screenPriceTick({ usd: usd(100) }, null, { usd: usd(120), at: at(1) }, POLICY).use).toBe(true);
    expect(screenPriceTick({ usd: usd(100) }, null, { usd: usd(80), at: at(1) }, POLICY).use).toBe(true);
  });

  it('holds back a single bad print beyond the bound and forgets it when prices come back', () => {
    const bad = screenPriceTick({ usd: usd(100) }, null, { usd: usd(1_000), at: at(1) }, POLICY);
    expect(bad).toEqual({ use: false, reason: 'jump', pending: { usd: usd(1_000), at: at(1), count: 1 } });
    const back = screenPriceTick({ usd: usd(100) }, bad.pending, { usd: usd(101), at: at(2) }, POLICY);
    expect(back).toEqual({ use: true, pending: null });
  });

  it('follows a real crash once three consecutive ticks agree on the new level', () => {
    const last = { usd: usd(100) };
    let pending: PendingJump | null = null;
    const uses: boolean[] = [];
    for (const [second, price] of [
      [1, 50],
      [2, 48],
      [3, 47],
    ] as const) {
      const screen = screenPriceTick(last, pending, { usd: usd(price), at: at(second) }, POLICY);
      uses.push(screen.use);
      pending = screen.pending;
    }
    expect(uses).toEqual([false, false, true]);
  });

  it('does not count a repeated provider quote (same timestamp) as confirmation', () => {
    const first = screenPriceTick({ usd: usd(100) }, null, { usd: usd(50), at: at(1) }, POLICY);
    const again = screenPriceTick({ usd: usd(100) }, first.pending, { usd: usd(50), at: at(1) }, POLICY);
    expect(again.use).toBe(false);
    expect(again.pending?.count).toBe(1);
  });

  it('restarts the count when a jumped tick disagrees with the pending level', () => {
    const first = screenPriceTick({ usd: usd(100) }, null, { usd: usd(50), at: at(1) }, POLICY);
    const other = screenPriceTick({ usd: usd(100) }, first.pending, { usd: usd(300), at: at(2) }, POLICY);
    expect(other).toEqual({ use: false, reason: 'jump', pending: { usd: usd(300), at: at(2), count: 1 } });
  });
});

describe('price age spread', () => {
  it('is free within the grace period, then 2 bps a second, capped at 50 bps', () => {
    expect(priceAgeSpreadBps(0)).toBe(0n);
    expect(priceAgeSpreadBps(5_000)).toBe(0n);
    expect(priceAgeSpreadBps(5_999)).toBe(0n);
    expect(priceAgeSpreadBps(6_000)).toBe(2n);
    expect(priceAgeSpreadBps(15_000)).toBe(20n);
    expect(priceAgeSpreadBps(60_000)).toBe(50n);
  });

  it('moves the price against the user: up for a buyer, down for a seller, rounded for the house', () => {
    expect(widenPrice(10_000n, 'buy', 0n)).toBe(10_000n);
    expect(widenPrice(10_000n, 'buy', 20n)).toBe(10_020n);
    expect(widenPrice(10_000n, 'sell', 20n)).toBe(9_980n);
    expect(widenPrice(3n, 'buy', 1n)).toBe(4n);
    expect(widenPrice(3n, 'sell', 1n)).toBe(2n);
  });
});

describe('house exposure', () => {
  // 1 BTC (8 decimals) at $60,000; a cap of $100,000.
  const BTC = 100_000_000n;
  const base = { scale: 8, priceUsd: usd(60_000), capCents: 10_000_000n };

  it('values a position in cents, either sign', () => {
    expect(exposureCents(BTC, 8, usd(60_000))).toBe(6_000_000n);
    expect(exposureCents(-BTC, 8, usd(60_000))).toBe(6_000_000n);
  });

  it('lets the position grow up to the cap, not past it', () => {
    expect(houseExposureAllows({ ...base, position: 0n, houseSide: 'buy', quantity: BTC })).toBe(true);
    expect(houseExposureAllows({ ...base, position: BTC, houseSide: 'buy', quantity: BTC })).toBe(false);
    expect(houseExposureAllows({ ...base, position: -BTC, houseSide: 'sell', quantity: BTC })).toBe(false);
  });

  it('always lets the house unwind, however far past the cap it is', () => {
    expect(houseExposureAllows({ ...base, position: 5n * BTC, houseSide: 'sell', quantity: BTC })).toBe(true);
    expect(houseExposureAllows({ ...base, position: -5n * BTC, houseSide: 'buy', quantity: BTC })).toBe(true);
  });
});
