import { describe, expect, it } from 'vitest';
import { accountName, validateEntry } from '../ledger';
import {
  chainDepositPostings,
  chainDepositReference,
  confirmationsOf,
  decideChainDeposit,
} from './decide-chain-deposit';

describe('chain deposits', () => {
  it('counts the deposit block itself as the first confirmation', () => {
    expect(confirmationsOf(10n, 10n)).toBe(1);
    expect(confirmationsOf(10n, 12n)).toBe(3);
    expect(confirmationsOf(10n, 9n)).toBe(0);
  });

  it('credits only at the required depth and never under the minimum', () => {
    const base = { amount: 100n, minimum: 50n, required: 3 };
    expect(decideChainDeposit({ ...base, confirmations: 2 })).toBe('PENDING');
    expect(decideChainDeposit({ ...base, confirmations: 3 })).toBe('CREDIT');
    expect(decideChainDeposit({ ...base, amount: 49n, confirmations: 30 })).toBe('BELOW_MINIMUM');
    expect(decideChainDeposit({ ...base, amount: 0n, minimum: 0n, confirmations: 30 })).toBe('BELOW_MINIMUM');
  });

  it("books the chain's custody against the customer in one balanced entry", () => {
    const postings = chainDepositPostings('ethereum', 'alice', 'ETH', 5n);
    expect(validateEntry(postings).ok).toBe(true);
    expect(postings.map((p) => [accountName(p.account), p.amount])).toEqual([
      ['system/ETH/CHAIN_CUSTODY@ethereum', -5n],
      ['alice/ETH/AVAILABLE', 5n],
    ]);
  });

  it('names one reference per chain, transaction and log', () => {
    expect(chainDepositReference('ethereum', '0xABC', 2)).toBe('chain-deposit:ethereum:0xabc:2');
  });
});
