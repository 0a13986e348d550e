import { describe, expect, it } from 'vitest';
import { ASSETS } from '../assets';
import { usdCentsOf, valueWallet } from './valuation';

describe('usdCentsOf', () => {
  it('values 0.5 BTC at $60,000 as $30,000.00', () => {
    expect(usdCentsOf(50_000_000n, 8, 6_000_000_000_000n)).toBe(3_000_000n);
  });

  it('rounds a fraction of a cent down', () => {
    // 1 satoshi at $60,000 is $0.0006: shown as 0 cents, never rounded up.
    expect(usdCentsOf(1n, 8, 6_000_000_000_000n)).toBe(0n);
    // 1.999999 XRP at $0.50 is $0.9999995.
    expect(usdCentsOf(1_999_999n, 6, 50_000_000n)).toBe(99n);
  });
});

describe('valueWallet', () => {
  const prices: Record<string, bigint> = { BTC: 6_000_000_000_000n, ETH: 300_000_000_000n };

  it('lists every asset in display order, zero where nothing is held', () => {
    const wallet = valueWallet([], (a) => prices[a]);
    expect(wallet.holdings.map((h) => h.asset)).toEqual(ASSETS.map((a) => a.code));
    expect(wallet.totalCents).toBe(0n);
    expect(wallet.holdings.every((h) => h.valueCents === 0n && h.percentHundredths === 0n)).toBe(true);
  });

  it('values available plus locked, USD at face value, and splits the total in percent', () => {
    const wallet = valueWallet(
      [
        { asset: 'USD', available: 1_000_000n, locked: 0n },
        { asset: 'BTC', available: 25_000_000n, locked: 25_000_000n },
        { asset: 'ETH', available: 0n, locked: 0n },
      ],
      (a) => prices[a],
    );
    const usd = wallet.holdings.find((h) => h.asset === 'USD')!;
    const btc = wallet.holdings.find((h) => h.asset === 'BTC')!;
    expect(usd.valueCents).toBe(1_000_000n);
    expect(btc.valueCents).toBe(3_000_000n);
    expect(wallet.totalCents).toBe(4_000_000n);
    expect(usd.percentHundredths).toBe(2_500n);
    expect(btc.percentHundredths).toBe(7_500n);
  });

  it('values an asset without a usable price at 0 and keeps the others', () => {
    const wallet = valueWallet(
      [
        { asset: 'USD', available: 100n, locked: 0n },
        { asset: 'DOT', available: 5_000_000_000n, locked: 0n },
      ],
      () => undefined,
    );
    expect(wallet.holdings.find((h) => h.asset === 'DOT')!.valueCents).toBe(0n);
    expect(wallet.totalCents).toBe(100n);
  });

  it('rounds shares down so they never add up to more than 100%', () => {
    const wallet = valueWallet(
      [
        { asset: 'USD', available: 100n, locked: 0n },
        { asset: 'USDT', available: 100_000_000n, locked: 0n },
        { asset: 'USDC', available: 100_000_000n, locked: 0n },
      ],
      () => 100_000_000n,
    );
    const shares = wallet.holdings.map((h) => h.percentHundredths);
    expect(shares.filter((s) => s > 0n)).toEqual([3_333n, 3_333n, 3_333n]);
    expect(shares.reduce((a, b) => a + b, 0n)).toBeLessThanOrEqual(10_000n);
  });
});
