import { describe, expect, it } from 'vitest';
import { checkStakeRequest, type StakeRequest } from './stake-request';

// The 120-day USDT option: a minimum of 0.1 USDT; 250 USDT to spend.
const request: StakeRequest = {
  asset: 'USDT',
  variant: { minAmount: 10_000_000n },
  amount: '100.5',
  balance: 25_000_000_000n,
};
const code = (over: Partial<StakeRequest>) => {
  const checked = checkStakeRequest({ ...request, ...over });
  return checked.ok ? null : checked.code;
};

describe('checkStakeRequest', () => {
  it('refuses in order: no duration, no amount, an invalid one, below the minimum, above the balance', () => {
    expect(code({ variant: undefined, amount: 'abc', balance: 0n })).toBe('stake_duration_required');
    expect(code({ amount: '', balance: 0n })).toBe('stake_amount_required');
    expect(code({ amount: '0.01.', balance: 0n })).toBe('stake_amount_invalid');
    expect(code({ amount: '0.01', balance: 0n })).toBe('stake_below_minimum');
    expect(code({ amount: '250.00000001' })).toBe('insufficient_amount');
    expect(checkStakeRequest(request)).toEqual({ ok: true, value: 10_050_000_000n });
  });

  it('asks for an amount when none was typed', () => {
    for (const amount of ['', '   ', null, undefined])
      expect(code({ amount }), String(amount)).toBe('stake_amount_required');
  });

  it('calls letters, signs, zero and too many decimals invalid', () => {
    for (const amount of ['abc', '-5', '+5', '0', '0.00', '-0', '1e3', '.5', '5.', '1,5', '0.123456789']) {
      expect(code({ amount }), amount).toBe('stake_amount_invalid');
    }
    // XRP has 6 decimals, so a seventh is too many even though USDT would take it; trailing zeros are none.
    expect(code({ asset: 'XRP', amount: '1.1234567' })).toBe('stake_amount_invalid');
    expect(code({ asset: 'XRP', variant: { minAmount: 100_000n }, amount: '1.1234560' })).toBeNull();
  });

  it('names the minimum in the coin’s decimals, trailing zeros cut, and takes the minimum itself', () => {
    expect(checkStakeRequest({ ...request, amount: '0.09999999' })).toEqual({
      ok: false,
      code: 'stake_below_minimum',
      params: { min: '0.1' },
    });
    expect(code({ amount: '0.1' })).toBeNull();
  });

  it('takes the whole balance, refuses one unit more, and leaves an unknown balance out', () => {
    expect(code({ amount: '250' })).toBeNull();
    expect(code({ amount: '250.00000001' })).toBe('insufficient_amount');
    expect(code({ amount: '999999', balance: undefined })).toBeNull();
  });
});
