import { describe, expect, it } from 'vitest';
import { checkSwapAmount } from './swap-amount';

/** ETH into BTC, with 1 ETH held unless another balance is named. */
const eth = (amount: string | null, balance = 100_000_000n) =>
  checkSwapAmount({ from: 'ETH', to: 'BTC', amount, balance });

describe('checkSwapAmount', () => {
  it('refuses in order: equal coins, not > 0, too many decimals, zero, above the balance', () => {
    expect(checkSwapAmount({ from: 'ETH', to: 'ETH', amount: 'abc', balance: 0n })).toEqual({
      ok: false,
      code: 'same_asset',
    });
    expect(eth('abc')).toEqual({ ok: false, code: 'amount_not_positive' });
    expect(eth('0.000000001')).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '8' },
    });
    expect(eth('0')).toEqual({ ok: false, code: 'amount_not_positive' });
    expect(eth('1.00000001')).toEqual({ ok: false, code: 'insufficient_amount' });
    expect(eth('1')).toEqual({ ok: true, value: 100_000_000n });
  });

  it("calls empty, letters and any negative amount 'not greater than 0', before the decimals", () => {
    for (const amount of ['', '  ', null, 'abc', '1e3', '+1', '.5', '-1', '-0', '-0.000000001']) {
      expect(eth(amount), String(amount)).toMatchObject({ code: 'amount_not_positive' });
    }
  });

  it("refuses more decimals than the coin's scale before zero and the balance, trailing zeros aside", () => {
    expect(eth('0.000000000001')).toMatchObject({ code: 'amount_precision_exceeded' });
    expect(eth('5.000000001', 0n)).toMatchObject({ code: 'amount_precision_exceeded' });
    expect(checkSwapAmount({ from: 'XRP', amount: '0.0000001', balance: 100_000_000n })).toEqual({
      ok: false,
      code: 'amount_precision_exceeded',
      params: { precision: '6' },
    });
    expect(eth('0.000000010')).toEqual({ ok: true, value: 1n });
    expect(checkSwapAmount({ from: 'XRP', amount: '0.000001', balance: 1n })).toEqual({
      ok: true,
      value: 1n,
    });
  });

  it('takes the whole balance, refuses one unit more, and leaves an unknown balance out', () => {
    expect(eth('1', 100_000_000n)).toEqual({ ok: true, value: 100_000_000n });
    expect(eth('1.00000001', 100_000_000n)).toMatchObject({ code: 'insufficient_amount' });
    expect(eth('1', 0n)).toMatchObject({ code: 'insufficient_amount' });
    expect(checkSwapAmount({ from: 'ETH', to: 'BTC', amount: '999999', balance: undefined })).toEqual({
      ok: true,
      value: 99_999_900_000_000n,
    });
  });

  it('leaves the equal-coin rule out when the screen does not name the coin bought', () => {
    expect(checkSwapAmount({ from: 'ETH', amount: ' 0.5 ', balance: 100_000_000n })).toEqual({
      ok: true,
      value: 50_000_000n,
    });
  });
});
