import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssetCode, getAsset } from '../assets';
import { systemAccount, userAccount, validateEntry } from '../ledger';
import { pow10 } from '../money';
import { PRICE_DECIMALS } from '../prices';
import { instantAmounts, instantPostings } from './instant-quote';

describe('instantAmounts', () => {
  it('rounds the cost up for a buy and down for a sell, and the fee up on both', () => {
    // 0.5 BTC at 64250.12345678 USD = 32125.06172839 USD
    const buy = instantAmounts('buy', 'BTC', 50_000_000n, 6_425_012_345_678n, 150n);
    expect(buy.cost).toBe(3_212_507n);
    expect(buy.fee).toBe(48_188n); // 1.5% of 32125.07 = 481.87605, rounded up
    expect(buy.total).toBe(3_212_507n + 48_188n);
    const sell = instantAmounts('sell', 'BTC', 50_000_000n, 6_425_012_345_678n, 150n);
    expect(sell.cost).toBe(3_212_506n);
    expect(sell.fee).toBe(48_188n); // 481.8759, rounded up
    expect(sell.total).toBe(3_212_506n - 48_188n);
  });

  it('an exact cost is not rounded, and a zero fee rate charges nothing', () => {
    const q = instantAmounts('buy', 'ETH', 100_000_000n, 300_000_000_000n, 0n); // 1 ETH at 3000
    expect(q).toEqual({ cost: 300_000n, fee: 0n, total: 300_000n });
  });

  it('property: every rounding favours the house, by less than one cent each', () => {
    const assets: AssetCode[] = ['BTC', 'ETH', 'XRP', 'ADA', 'USDT', 'MATIC'];
    fc.assert(
      fc.property(
        fc.constantFrom(...assets),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.bigInt(1n, 10n ** 12n),
        fc.bigInt(1n, 10n ** 15n),
        fc.bigInt(0n, 500n),
        (asset, side, quantity, price, feeBps) => {
          const { cost, fee, total } = instantAmounts(side, asset, quantity, price, feeBps);
          // exact = quantity × price at scale (coin scale + PRICE_DECIMALS); a cent is 10^(that − 2).
          const exact = quantity * price;
          const cent = pow10(getAsset(asset).scale + PRICE_DECIMALS - 2);
          if (side === 'buy') {
            expect(cost * cent).toBeGreaterThanOrEqual(exact);
            expect(cost * cent - exact).toBeLessThan(cent);
          } else {
            expect(cost * cent).toBeLessThanOrEqual(exact);
            expect(exact - cost * cent).toBeLessThan(cent);
          }
          // fee ≥ exact fee (cost × bps / 10000), by less than one cent.
          expect(fee * 10_000n).toBeGreaterThanOrEqual(cost * feeBps);
          expect(fee * 10_000n - cost * feeBps).toBeLessThan(10_000n);
          expect(total).toBe(side === 'buy' ? cost + fee : cost - fee);
          // The user is never better off than at the exact price and exact fee.
          const exactFeeTimes = exact * feeBps; // exact fee at scale + 4 decimals (bps)
          if (side === 'buy')
            expect(total * cent * 10_000n).toBeGreaterThanOrEqual(exact * 10_000n + exactFeeTimes);
          else expect(total * cent * 10_000n).toBeLessThanOrEqual(exact * 10_000n - exactFeeTimes);
        },
      ),
    );
  });
});

describe('instantPostings', () => {
  it('a buy: the user pays cost + fee, the house takes the cost and fee revenue the fee, the coin moves', () => {
    const amounts = instantAmounts('buy', 'BTC', 50_000_000n, 6_425_012_345_678n, 150n);
    expect(instantPostings('u1', 'buy', 'BTC', 50_000_000n, amounts)).toEqual([
      { account: userAccount('u1', 'USD'), amount: -(3_212_507n + 48_188n) },
      { account: systemAccount('HOUSE_INVENTORY', 'USD'), amount: 3_212_507n },
      { account: systemAccount('FEE_REVENUE', 'USD'), amount: 48_188n },
      { account: systemAccount('HOUSE_INVENTORY', 'BTC'), amount: -50_000_000n },
      { account: userAccount('u1', 'BTC'), amount: 50_000_000n },
    ]);
  });

  it('property: the entry balances per asset on both sides (nothing created or lost)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AssetCode>('BTC', 'ETH', 'XRP', 'ADA'),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.bigInt(1n, 10n ** 12n),
        fc.bigInt(10n ** 6n, 10n ** 15n),
        fc.bigInt(0n, 500n),
        (asset, side, quantity, price, feeBps) => {
          const amounts = instantAmounts(side, asset, quantity, price, feeBps);
          fc.pre(amounts.cost > 0n && amounts.total > 0n); // the caller rejects the rest
          const postings = instantPostings('u1', side, asset, quantity, amounts);
          expect(validateEntry(postings)).toEqual({ ok: true, value: true });
          const user = postings.find((p) => p.account.kind === 'AVAILABLE' && p.account.asset === 'USD');
          expect(user?.amount).toBe(side === 'buy' ? -amounts.total : amounts.total);
          const fees = postings.find((p) => p.account.kind === 'FEE_REVENUE');
          expect(fees?.amount ?? 0n).toBe(amounts.fee);
        },
      ),
    );
  });
});
