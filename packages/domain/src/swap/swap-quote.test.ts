import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AssetCode, getAsset } from '../assets';
import { validateEntry } from '../ledger';
import { pow10 } from '../money';
import { PRICE_DECIMALS } from '../prices';
import { priceSwap, swapPostings } from './swap-quote';

const usd = (dollars: bigint) => dollars * pow10(PRICE_DECIMALS);

describe('priceSwap', () => {
  it('1 ETH at 3000 into BTC at 60000: 0.05 BTC less 0.1% fee', () => {
    const result = priceSwap({
      from: 'ETH',
      to: 'BTC',
      fromAmount: 100_000_000n,
      fromUsd: usd(3000n),
      toUsd: usd(60000n),
      feeBps: 10n,
    });
    expect(result).toEqual({
      ok: true,
      value: { rate: 5_000_000n, gross: 5_000_000n, fee: 5_000n, receive: 4_995_000n, kept: 5_000n },
    });
  });

  it('refuses equal coins first, then a non-positive amount, then dust that buys nothing', () => {
    const base = { fromUsd: usd(1n), toUsd: usd(60000n), feeBps: 10n };
    expect(priceSwap({ ...base, from: 'BTC', to: 'BTC', fromAmount: 0n })).toMatchObject({
      code: 'same_asset',
    });
    expect(priceSwap({ ...base, from: 'USDT', to: 'BTC', fromAmount: 0n })).toMatchObject({
      code: 'amount_not_positive',
    });
    expect(priceSwap({ ...base, from: 'USDT', to: 'BTC', fromAmount: 1n })).toMatchObject({
      code: 'nothing_to_receive',
    });
  });

  it('MULTI is handed out to 4 decimals, rounded down; the house keeps the dust', () => {
    // 1 DOT at 7 USD into MULTI at 2 USD: 3.5 MULTI exactly; 0.3 DOT: 1.05 MULTI.
    const result = priceSwap({
      from: 'DOT',
      to: 'MULTI',
      fromAmount: 33_333_333n,
      fromUsd: usd(7n),
      toUsd: usd(2n),
      feeBps: 0n,
      receiveDecimals: 4,
    });
    // 0.33333333 × 3.5 = 1.166666655 → gross 1.16666665, receive 1.1666
    expect(result).toMatchObject({
      ok: true,
      value: { gross: 116_666_665n, receive: 116_660_000n, kept: 6_665n },
    });
  });

  it('property: the user never receives more than the exact conversion less the exact fee', () => {
    const coins: AssetCode[] = ['BTC', 'ETH', 'XRP', 'ADA', 'USDT', 'MULTI', 'DOT'];
    fc.assert(
      fc.property(
        fc.constantFrom(...coins),
        fc.constantFrom(...coins),
        fc.bigInt(1n, 10n ** 14n),
        fc.bigInt(10n ** 4n, 10n ** 15n),
        fc.bigInt(10n ** 4n, 10n ** 15n),
        fc.bigInt(0n, 500n),
        (from, to, fromAmount, fromUsd, toUsd, feeBps) => {
          fc.pre(from !== to);
          const result = priceSwap({ from, to, fromAmount, fromUsd, toUsd, feeBps });
          if (!result.ok) return;
          const { gross, fee, receive, kept } = result.value;
          // exact value of `to`, scaled by fromScale + usd digits: fromAmount × fromUsd × 10^toScale / toUsd
          const num = fromAmount * fromUsd * pow10(getAsset(to).scale);
          const den = toUsd * pow10(getAsset(from).scale);
          expect(gross * den).toBeLessThanOrEqual(num);
          expect(fee * 10_000n).toBeGreaterThanOrEqual(gross * feeBps);
          expect(receive * 10_000n * den).toBeLessThanOrEqual(num * (10_000n - feeBps));
          expect(receive + kept).toBe(gross);
          expect(receive).toBeGreaterThan(0n);
          const entry = swapPostings('u1', from, to, fromAmount, result.value);
          expect(validateEntry(entry)).toEqual({ ok: true, value: true });
        },
      ),
    );
  });
});
