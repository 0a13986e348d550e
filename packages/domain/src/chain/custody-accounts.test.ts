import { describe, expect, it } from 'vitest';
import { accountName, isValidAccountKey, systemAccount, userAccount, validateEntry } from '../ledger';
import { spreadHotPostingsTo } from '../ledger/hot-accounts';
import { custodyAccount, networkFeeAccount } from './custody-accounts';

describe('custody and network-fee accounts per chain', () => {
  it('names one account per chain and asset', () => {
    expect(custodyAccount('ethereum', 'USDT')).toEqual({
      userId: null,
      asset: 'USDT',
      kind: 'CHAIN_CUSTODY',
      scope: 'ethereum',
    });
    expect(networkFeeAccount('bsc', 'BNB')).toEqual({
      userId: null,
      asset: 'BNB',
      kind: 'NETWORK_FEES',
      scope: 'bsc',
    });
    expect(accountName(custodyAccount('ethereum', 'USDT'))).toBe('system/USDT/CHAIN_CUSTODY@ethereum');
    expect(accountName(custodyAccount('bsc', 'USDT'))).toBe('system/USDT/CHAIN_CUSTODY@bsc');
    expect(accountName(systemAccount('CHAIN_CUSTODY', 'USDT'))).toBe('system/USDT/CHAIN_CUSTODY');
    expect(accountName(networkFeeAccount('ethereum', 'ETH'))).not.toBe(
      accountName(custodyAccount('ethereum', 'ETH')),
    );
  });

  it('keeps two chains apart in one entry: custody on one chain is not custody on another', () => {
    const postings = [
      { account: custodyAccount('ethereum', 'USDT'), amount: -5n },
      { account: custodyAccount('bsc', 'USDT'), amount: 5n },
    ];
    expect(validateEntry(postings).ok).toBe(true);
    const twice = [
      { account: custodyAccount('bsc', 'USDT'), amount: -5n },
      { account: custodyAccount('bsc', 'USDT'), amount: 5n },
    ];
    expect(validateEntry(twice)).toMatchObject({ ok: false, code: 'duplicate_account' });
  });

  it('takes a scope only on the kinds kept per chain, and only a chain key', () => {
    expect(() => systemAccount('FEE_REVENUE', 'USDT', 'ethereum')).toThrow(/not kept per chain/);
    expect(() => custodyAccount('Not A Key', 'ETH')).toThrow(/chain key/);
    expect(systemAccount('FEE_REVENUE', 'USDT', '')).toEqual(systemAccount('FEE_REVENUE', 'USDT'));
    expect(isValidAccountKey({ userId: null, asset: 'USDT', kind: 'FEE_REVENUE', scope: 'ethereum' })).toBe(
      false,
    );
    expect(isValidAccountKey({ userId: null, asset: 'USDT', kind: 'CHAIN_CUSTODY', scope: 'x y' })).toBe(
      false,
    );
    expect(isValidAccountKey(custodyAccount('arbitrum', 'ETH'))).toBe(true);
    expect(
      validateEntry([
        { account: { userId: null, asset: 'ETH', kind: 'HOUSE_INVENTORY', scope: 'ethereum' }, amount: -1n },
        { account: userAccount('alice', 'ETH'), amount: 1n },
      ]),
    ).toMatchObject({ ok: false, code: 'invalid_account' });
  });

  it('leaves chain accounts off the hot sub-accounts', () => {
    const postings = [
      { account: custodyAccount('ethereum', 'ETH'), amount: -3n },
      { account: systemAccount('FEE_REVENUE', 'ETH'), amount: 3n },
    ];
    const spread = spreadHotPostingsTo(postings, 7);
    expect(spread[0]!.account).toEqual(custodyAccount('ethereum', 'ETH'));
    expect(accountName(spread[1]!.account)).toBe('system/ETH/FEE_REVENUE#7');
  });
});
