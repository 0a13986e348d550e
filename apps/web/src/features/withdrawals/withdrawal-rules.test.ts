import type { WithdrawalTerms } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { ethTerms } from './test/coin-withdrawal-fixtures';
import { amountProblem, receiveOf, ruleTerms } from './withdrawal-rules';

const usd: WithdrawalTerms = {
  ...ethTerms,
  asset: 'USD',
  method: 'paypal',
  destination: 'alice@example.com',
  chain: null,
  chains: [],
  minimum: '10.00',
  fee: '1.00',
  precision: 2,
  available: '250.00',
};
const usdt: WithdrawalTerms = {
  ...ethTerms,
  asset: 'USDT',
  minimum: '1.00000000',
  fee: '0.50000000',
  precision: 6,
};

describe("the withdraw forms' amount model", () => {
  it("reads the server's terms in minor units, the chain's precision included", () => {
    expect(ruleTerms(usdt)).toEqual({
      asset: 'USDT',
      method: 'chain',
      minimum: 100_000_000n,
      fee: 50_000_000n,
      precision: 6,
    });
  });

  it('refuses 0.1234567 USDT: the chain counts 6 decimals though the ledger keeps 8', () => {
    expect(amountProblem(usdt, '0.1234567')).toBe('Amount can have at most 6 decimal places');
    expect(amountProblem(usdt, '1.123456')).toBeNull();
    expect(receiveOf(usdt, '1.1234567')).toBe('0.00000000');
    expect(receiveOf(usdt, '1.123456')).toBe('0.62345600');
  });

  it('checks USD the same way: cents, the minimum, and what arrives after the fee', () => {
    expect(amountProblem(usd, '20.001')).toBe('Amount can have at most 2 decimal places');
    expect(amountProblem(usd, '5')).toBe('The smallest withdrawal is 10.00 USD');
    expect(receiveOf(usd, '250.00')).toBe('249.00');
    expect(receiveOf(usd, '')).toBe('0.00');
  });
});
