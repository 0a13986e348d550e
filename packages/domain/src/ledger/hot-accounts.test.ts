import { describe, expect, it } from 'vitest';
import { accountName, systemAccount, userAccount } from './accounts';
import { transferPostings } from './entry';
import { shardOf, spreadHotPostings } from './hot-accounts';

const USER = '11111111-1111-1111-1111-111111111111';

describe('spreadHotPostings', () => {
  it('moves house and fee postings to the sub-account the seed hashes to, and nothing else', () => {
    const postings = [
      { account: userAccount(USER, 'USD'), amount: -1_050n },
      { account: systemAccount('HOUSE_INVENTORY', 'USD'), amount: 1_000n },
      { account: systemAccount('FEE_REVENUE', 'USD'), amount: 50n },
      { account: systemAccount('HOUSE_INVENTORY', 'BTC'), amount: -10n },
      { account: userAccount(USER, 'BTC'), amount: 10n },
    ];
    const spread = spreadHotPostings(postings, 'instant:q1', 16);
    const shard = shardOf('instant:q1', 16);
    expect(spread.map((p) => p.amount)).toEqual(postings.map((p) => p.amount));
    expect(spread[0]).toBe(postings[0]);
    expect(spread[4]).toBe(postings[4]);
    for (const i of [1, 2, 3]) expect(spread[i]!.account).toEqual({ ...postings[i]!.account, shard });
  });

  it('leaves other system accounts and postings that already name a shard alone', () => {
    const clearing = transferPostings(systemAccount('PAYMENT_CLEARING', 'USD'), userAccount(USER, 'USD'), 5n);
    expect(spreadHotPostings(clearing, 'x', 16)).toEqual(clearing);
    const pinned = [{ account: { ...systemAccount('HOUSE_INVENTORY', 'USD'), shard: 3 }, amount: 1n }];
    expect(spreadHotPostings(pinned, 'x', 16)).toEqual(pinned);
  });

  it('hashes seeds stably and over every shard', () => {
    expect(shardOf('order:abc', 16)).toBe(shardOf('order:abc', 16));
    expect(shardOf('anything', 1)).toBe(0);
    const seen = new Set(Array.from({ length: 400 }, (_, i) => shardOf(`instant:${i}`, 16)));
    expect(seen.size).toBe(16);
    expect(() => shardOf('x', 0)).toThrow();
  });

  it('names sub-accounts apart from the main account', () => {
    const main = systemAccount('FEE_REVENUE', 'USDT');
    expect(accountName(main)).toBe('system/USDT/FEE_REVENUE');
    expect(accountName({ ...main, shard: 0 })).toBe('system/USDT/FEE_REVENUE');
    expect(accountName({ ...main, shard: 7 })).toBe('system/USDT/FEE_REVENUE#7');
  });
});
