import { describe, expect, it } from 'vitest';
import { validateEntry } from '../ledger';
import { decideDepositReversal, type ReversalInput, reversalPostings } from './decide-reversal';

const input = (over: Partial<ReversalInput> = {}): ReversalInput => ({
  deposit: { status: 'CREDITED', amount: 5_000n, reversedAmount: 0n },
  event: { kind: 'REFUNDED', currency: 'USD', value: '50.00' },
  available: 10_000n,
  ...over,
});

describe('decideDepositReversal', () => {
  it('takes a refund out of the available balance when it covers it', () => {
    expect(decideDepositReversal(input())).toEqual({
      action: 'reverse',
      amount: 5_000n,
      fromBalance: 5_000n,
      toDebt: 0n,
      status: 'REFUNDED',
    });
  });

  it('records the shortfall as a debt when the user spent the money, never a negative balance', () => {
    expect(decideDepositReversal(input({ available: 1_234n, event: { kind: 'REVERSED' } }))).toEqual({
      action: 'reverse',
      amount: 5_000n,
      fromBalance: 1_234n,
      toDebt: 3_766n,
      status: 'REVERSED',
    });
  });

  it('takes back a partial refund, and never more than is left of the deposit', () => {
    expect(decideDepositReversal(input({ event: { kind: 'REFUNDED', value: '20.00' } }))).toMatchObject({
      amount: 2_000n,
    });
    const rest = input({ deposit: { status: 'REFUNDED', amount: 5_000n, reversedAmount: 2_000n } });
    expect(decideDepositReversal(rest)).toMatchObject({ action: 'reverse', amount: 3_000n });
  });

  it('ignores a deposit never credited or already taken back in full', () => {
    expect(
      decideDepositReversal(input({ deposit: { status: 'PENDING', amount: 5_000n, reversedAmount: 0n } })),
    ).toEqual({ action: 'ignore', reason: 'not_credited' });
    expect(
      decideDepositReversal(
        input({ deposit: { status: 'REFUNDED', amount: 5_000n, reversedAmount: 5_000n } }),
      ),
    ).toEqual({ action: 'ignore', reason: 'already_reversed' });
  });

  it('leaves another currency or a malformed amount to a person', () => {
    expect(decideDepositReversal(input({ event: { kind: 'REFUNDED', currency: 'EUR' } }))).toEqual({
      action: 'mismatch',
      field: 'currency',
    });
    for (const value of ['abc', '0.00', '-1.00', '1.001'])
      expect(decideDepositReversal(input({ event: { kind: 'REFUNDED', value } }))).toEqual({
        action: 'mismatch',
        field: 'amount',
      });
  });
});

describe('reversalPostings', () => {
  it('balances: clearing gets the deposit back, the user pays what they have, the debt the rest', () => {
    const postings = reversalPostings('u1', { amount: 5_000n, fromBalance: 1_234n, toDebt: 3_766n });
    expect(validateEntry(postings).ok).toBe(true);
    expect(postings.map((p) => [p.account.kind, p.amount])).toEqual([
      ['PAYMENT_CLEARING', 5_000n],
      ['AVAILABLE', -1_234n],
      ['USER_DEBT', -3_766n],
    ]);
    expect(reversalPostings('u1', { amount: 5_000n, fromBalance: 5_000n, toDebt: 0n })).toHaveLength(2);
  });
});
