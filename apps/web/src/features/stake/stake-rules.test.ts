import { describe, expect, it } from 'vitest';
import { stakeAmountProblem } from './stake-rules';

// The 120-day USDT option as the server lists it; alice has 250 USDT to spend.
const min = '0.10000000';
const available = '250.00000000';

describe('stakeAmountProblem', () => {
  it('asks for an amount when none was typed', () => {
    expect(stakeAmountProblem('', min, available, 'USDT')).toBe('Please Select Stake Amount');
    expect(stakeAmountProblem('   ', min, available, 'USDT')).toBe('Please Select Stake Amount');
  });

  it('calls letters, signs, zero and too many decimals invalid, as the server does', () => {
    for (const amount of ['abc', '-5', '+5', '0', '0.00', '1e3', '.5', '5.', '1,5', '0.123456789']) {
      expect(stakeAmountProblem(amount, min, available, 'USDT'), amount).toBe(
        'Please Enter Valid Stake Amount',
      );
    }
    // XRP has 6 decimals, so a seventh is too many even though USDT would take it.
    expect(stakeAmountProblem('1.1234567', min, available, 'XRP')).toBe('Please Enter Valid Stake Amount');
    // Trailing zeros past the coin's scale change nothing; the server takes them too.
    expect(stakeAmountProblem('1.1234560', min, available, 'XRP')).toBeNull();
  });

  it('checks the minimum before the balance, naming the minimum as the server does', () => {
    expect(stakeAmountProblem('0.01', min, available, 'USDT')).toBe('Minimum stake amount is 0.1');
    expect(stakeAmountProblem('0.01', min, '0', 'USDT')).toBe('Minimum stake amount is 0.1');
    expect(stakeAmountProblem('0.1', min, available, 'USDT')).toBeNull();
  });

  it('refuses more than the spendable balance, compared exactly', () => {
    expect(stakeAmountProblem('999999', min, available, 'USDT')).toBe('Insufficient amount');
    expect(stakeAmountProblem('250.00000001', min, available, 'USDT')).toBe('Insufficient amount');
    expect(stakeAmountProblem('250', min, available, 'USDT')).toBeNull();
    expect(stakeAmountProblem(' 100.5 ', min, available, 'USDT')).toBeNull();
  });

  it('leaves the balance to the server while the wallet is still loading', () => {
    expect(stakeAmountProblem('999999', min, undefined, 'USDT')).toBeNull();
  });
});
