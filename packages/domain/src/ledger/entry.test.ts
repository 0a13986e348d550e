import { describe, expect, it } from 'vitest';
import { accountName, systemAccount, userAccount } from './accounts';
import {
  applyEntry,
  depositPostings,
  feePostings,
  holdPostings,
  transferPostings,
  validateEntry,
} from './entry';

const alice = (kind: 'AVAILABLE' | 'LOCKED' = 'AVAILABLE') => userAccount('alice', 'USD', kind);
const bob = userAccount('bob', 'USD');
const clearing = systemAccount('PAYMENT_CLEARING', 'USD');

describe('validateEntry', () => {
  it('accepts a balanced two-posting entry', () => {
    expect(validateEntry(depositPostings('alice', 'USD', 500n))).toEqual({ ok: true, value: true });
  });

  it('rejects entries with fewer than two postings', () => {
    expect(validateEntry([])).toMatchObject({ ok: false, code: 'empty_entry' });
    expect(validateEntry([{ account: bob, amount: 1n }])).toMatchObject({ ok: false, code: 'empty_entry' });
  });

  it('rejects a zero amount even when the entry balances', () => {
    const postings = [
      { account: clearing, amount: 0n },
      { account: bob, amount: 0n },
    ];
    expect(validateEntry(postings)).toMatchObject({ ok: false, code: 'zero_amount' });
  });

  it('rejects the same account twice', () => {
    const postings = [
      { account: bob, amount: -1n },
      { account: userAccount('bob', 'USD'), amount: 1n },
    ];
    expect(validateEntry(postings)).toMatchObject({ ok: false, code: 'duplicate_account' });
  });

  it('rejects postings that do not sum to zero per asset, naming the asset', () => {
    const postings = [
      { account: clearing, amount: -100n },
      { account: bob, amount: 100n },
      { account: systemAccount('HOUSE_INVENTORY', 'BTC'), amount: -5n },
      { account: userAccount('bob', 'BTC'), amount: 4n },
    ];
    expect(validateEntry(postings)).toEqual({ ok: false, code: 'unbalanced', params: { asset: 'BTC' } });
  });

  it('rejects value moved between assets even when the grand total is zero', () => {
    const postings = [
      { account: userAccount('bob', 'USD'), amount: -100n },
      { account: userAccount('bob', 'USDT'), amount: 100n },
    ];
    expect(validateEntry(postings)).toMatchObject({ ok: false, code: 'unbalanced' });
  });

  it('rejects a user kind without a user and a system kind with one', () => {
    const orphan = { userId: null, asset: 'USD', kind: 'AVAILABLE' } as never;
    expect(
      validateEntry([
        { account: orphan, amount: -1n },
        { account: bob, amount: 1n },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'invalid_account',
    });
    const owned = { userId: 'bob', asset: 'USD', kind: 'FEE_REVENUE' } as never;
    expect(
      validateEntry([
        { account: owned, amount: -1n },
        { account: bob, amount: 1n },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'invalid_account',
    });
  });
});

describe('applyEntry', () => {
  it('returns the new balances of the touched accounts', () => {
    const balances = new Map([[accountName(alice()), 1_000n]]);
    const result = applyEntry(balances, transferPostings(alice(), bob, 400n));
    expect(result).toEqual({
      ok: true,
      value: new Map([
        [accountName(alice()), 600n],
        [accountName(bob), 400n],
      ]),
    });
  });

  it('refuses to take a user account below zero', () => {
    const balances = new Map([[accountName(alice()), 399n]]);
    expect(applyEntry(balances, transferPostings(alice(), bob, 400n))).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
      params: { asset: 'USD' },
    });
  });

  it('allows spending exactly the whole balance', () => {
    const balances = new Map([[accountName(alice()), 400n]]);
    const result = applyEntry(balances, feePostings('alice', 'USD', 400n));
    expect(result.ok && result.value.get(accountName(alice()))).toBe(0n);
  });

  it('lets payment clearing go negative: it counts money that came from outside', () => {
    const result = applyEntry(new Map(), depositPostings('alice', 'USD', 250n));
    expect(result.ok && result.value.get(accountName(clearing))).toBe(-250n);
  });

  it('never lets fee revenue go negative', () => {
    const refund = transferPostings(systemAccount('FEE_REVENUE', 'USD'), bob, 1n);
    expect(applyEntry(new Map(), refund)).toMatchObject({ ok: false, code: 'insufficient_funds' });
  });

  it('holds only what is available', () => {
    const balances = new Map([[accountName(alice()), 10n]]);
    expect(applyEntry(balances, holdPostings('alice', 'USD', 11n))).toMatchObject({
      ok: false,
      code: 'insufficient_funds',
    });
    const held = applyEntry(balances, holdPostings('alice', 'USD', 10n));
    expect(held.ok && held.value.get(accountName(alice('LOCKED')))).toBe(10n);
  });

  it('reports shape problems before funds', () => {
    expect(
      applyEntry(new Map(), [
        { account: bob, amount: -5n },
        { account: alice(), amount: 4n },
      ]),
    ).toMatchObject({
      ok: false,
      code: 'unbalanced',
    });
  });
});

describe('transfer', () => {
  it('treats a non-positive amount or a change of asset as a bug', () => {
    expect(() => transferPostings(alice(), bob, 0n)).toThrow(/positive/);
    expect(() => transferPostings(alice(), userAccount('bob', 'BTC'), 1n)).toThrow(/one asset/);
  });
});
